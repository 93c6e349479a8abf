// What other features may use of the console, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): what a feature's console routes need
// to run behind the console's guard, which the composition mounts them under (server/app.ts). The signed-in
// address they act as, `on` to mount a route from the route table behind its permission, what a member without
// `people:read` may see of an address, the words of the console's common refusals, and the audit log.
export type { AdminEnv } from './admin-guard'
export { adminMessages } from './admin-messages'
export { memberShown, on, seesPeople } from './console-route'
export type { Audit } from './admin-store'
