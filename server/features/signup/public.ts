// What other features may use of the signup, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): a signup as the exports read it, and
// the path signups are posted to (the analytics join a signup to its visit there).
export { exportPageSize, signupCsvColumns, storedSignupColumns, type StoredSignup } from './signup-export'
export { waitlistPath } from './signup-routes'
