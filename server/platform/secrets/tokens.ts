// Secrets in links and cookies (the console's sign-in links and sessions, the links in emails: link-tokens.ts),
// per the Copenhagen Book: 32 random bytes, handed out once as base64url, and only their SHA-256 kept in the
// database. A stolen database therefore holds nothing that signs anyone in. SHA-256 (not a slow hash) is right
// here: the input has 256 bits of entropy, no dictionary.
import { createHash, randomBytes } from 'node:crypto'

export function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex')
}

/** A secret as we hand it out: 43 base64url characters. Anything else is refused before touching the database. */
export function isWellFormedSecret(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value)
}
