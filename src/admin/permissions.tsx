// What the signed-in member may do, for the views that show or hide a section's buttons (issue 46). The console
// provides the session's permissions (machines/admin-sign-in-machine.ts `allows`); the server refuses the rest all
// the same, so hiding is a courtesy, never the check. A view rendered alone (its own tests, the gallery's pictures
// of one section) is shown as an owner sees it.
import { createContext, useContext, type ReactNode } from 'react'
import { allows } from '../../machines/admin-sign-in-machine'
import { permissions as every, type Permission } from '../../shared/team'

const Permissions = createContext<readonly Permission[]>(every)

export const PermissionsProvider = ({ permissions, children }: { permissions: readonly Permission[]; children: ReactNode }) => (
  <Permissions.Provider value={permissions}>{children}</Permissions.Provider>
)

/** Whether the member may do this: the sign-in machine's answer for their session. */
export const useAllows = (permission: Permission) => allows({ permissions: useContext(Permissions) }, permission)
