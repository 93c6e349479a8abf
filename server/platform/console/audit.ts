// The console's audit log as every wing's console routes write to it: who did what, in words. The console's wing
// keeps it (features/console/admin-store.ts) and hands it to each wing's routes (platform/wing/wing.ts).
import type { AuditAction } from '../../../shared/console-api'

export type Audit = (actor: string, action: AuditAction, detail: string) => Promise<void>
