// People (/admin/people): the signups table, its search and export, and erasing one person after a question; an
// erasure loads the table again, the one other thing on screen that it changes.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminEraseMachine } from '../../../machines/admin-erase-machine'
import { adminTableMachine } from '../../../machines/admin-table-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { EraseDialog } from '../erase-dialog'
import { SignupsTable } from '../signups-table'

const tableMachine = adminTableMachine.provide({ actors: { fetchSignups: fromPromise(({ input, signal }) => api.fetchSignups(input, signal)) } })
const eraseMachine = adminEraseMachine.provide({ actors: { eraseSignup: fromPromise(({ input }) => api.eraseSignup(input.id)) } })

export function PeopleArea() {
  const table = useActorRef(tableMachine)
  const erase = useActorRef(eraseMachine.provide({ actions: { announceErased: () => table.send({ type: 'RELOAD' }) } }))
  return (
    <AreaFrame name="People">
      <SignupsTable table={table} erase={erase} />
      <EraseDialog erase={erase} />
    </AreaFrame>
  )
}
