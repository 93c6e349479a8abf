// What other features may use of the signup, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): a signup as the exports read it.
export { exportPageSize, signupCsvColumns, storedSignupColumns, type StoredSignup } from './signup-export'
