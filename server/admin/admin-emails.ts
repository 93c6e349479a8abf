// ADMIN_EMAILS: who may sign in to the console. Compared case-insensitively on the trimmed address. The list
// is only ever consulted, never echoed: no reply, page or log line says whether an address is on it.

export type AdminEmails = { has(email: string): boolean; readonly size: number }

export function parseAdminEmails(value: string | undefined): AdminEmails {
  const emails = new Set(
    (value ?? '')
      .split(',')
      .map((entry) => normalizeEmail(entry))
      .filter((entry) => /^\S+@\S+\.\S+$/.test(entry)),
  )
  return { has: (email) => emails.has(normalizeEmail(email)), size: emails.size }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
