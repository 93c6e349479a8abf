// Sensitive answers are sealed at rest (issue 52; GDPR Art. 9 and 32): AES-256-GCM with a fresh 12-byte nonce per
// answer and the key of SENSITIVE_ANSWERS_KEY (answers-key.ts). The person and the question are the additional
// data, so a sealed answer copied onto another person's row, or another question's, does not open. Stored as
// `v1.` + base64url(nonce ‖ tag ‖ ciphertext): the prefix leaves room for a new scheme beside the old.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

const scheme = 'v1.'
const nonceBytes = 12
const tagBytes = 16

export type AnswerCipher = {
  seal(plain: string, signupId: number, questionId: number): string
  /** The plain text, or undefined when the key does not open it (the key changed, or the row was tampered with). */
  open(sealed: string, signupId: number, questionId: number): string | undefined
}

const additionalData = (signupId: number, questionId: number) => Buffer.from(`answer:${signupId}:${questionId}`, 'utf8')

export function answerCipher(key: Buffer): AnswerCipher {
  if (key.length !== 32) throw new Error('a sensitive answers key is 32 bytes')
  return {
    seal(plain, signupId, questionId) {
      const nonce = randomBytes(nonceBytes)
      const cipher = createCipheriv('aes-256-gcm', key, nonce)
      cipher.setAAD(additionalData(signupId, questionId))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return scheme + Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')
    },
    open(sealed, signupId, questionId) {
      if (!sealed.startsWith(scheme)) return undefined
      const bytes = Buffer.from(sealed.slice(scheme.length), 'base64url')
      if (bytes.length < nonceBytes + tagBytes) return undefined
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, nonceBytes))
        decipher.setAAD(additionalData(signupId, questionId))
        decipher.setAuthTag(bytes.subarray(nonceBytes, nonceBytes + tagBytes))
        return Buffer.concat([decipher.update(bytes.subarray(nonceBytes + tagBytes)), decipher.final()]).toString('utf8')
      } catch {
        return undefined
      }
    },
  }
}
