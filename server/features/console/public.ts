// What other features may use of the console, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): what a feature's console routes need
// to run behind the console's guard, which the composition mounts them under (server/app.ts). The signed-in
// address they act as, the words of the console's common refusals, and the audit log.
export type { AdminEnv } from './admin-guard'
export { adminMessages } from './admin-messages'
export type { Audit } from './admin-store'
