// What other features may use of the signup, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): a signup as the exports read it, and
// who an email in the outbox is for.
export { addresseesOf, type Addressee } from './addressees'
export { exportPageSize, signupCsvColumns, storedSignupColumns, type StoredSignup } from './signup-export'
