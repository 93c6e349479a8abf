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

// A code a person copies by hand (the activation code on the invitation page, which an app asks for at its first
// start): 80 random bits in Crockford's base32, which has no I, L, O or U, so that it reads aloud and types on a
// phone without mistakes, in four groups of four. Stored only as the SHA-256 of its canonical form, as every
// secret here. 80 bits is less than a link's 256, and enough for what a code guards: it is single-use, ends, and
// is only ever tried through an API key's rate-limited requests.
const codeAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
const codeLength = 16

export function newCode(): string {
  const bytes = randomBytes(10)
  let bits = 0n
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte)
  let code = ''
  for (let index = codeLength - 1; index >= 0; index--) code += codeAlphabet[Number((bits >> BigInt(index * 5)) & 31n)]
  return code.match(/.{4}/g)!.join('-')
}

/** A code as typed (any case, spaces or dashes, O for 0, I or L for 1) in the form it was hashed in, or undefined
 * when it cannot be one: refused before touching the database. */
export function canonicalCode(typed: unknown): string | undefined {
  if (typeof typed !== 'string' || typed.length > 40) return undefined
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1')
  if (code.length !== codeLength || [...code].some((char) => !codeAlphabet.includes(char))) return undefined
  return code.match(/.{4}/g)!.join('-')
}
