// ADMIN_EMAILS: who may sign in to the console, as canonical addresses (shared/mailbox.ts), so a team member
// is one person whatever the case or form they type. The list is only ever consulted, never echoed: no reply,
// page or log line says whether an address is on it.
import { canonicalAddress } from '../../shared/mailbox'

export type AdminEmails = { has(email: string): boolean; readonly size: number }

/** The list, or the entries that are not one address each (config.ts reports them at start). */
export function parseAdminEmails(value: string | undefined): AdminEmails & { invalid: string[] } {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)
  const emails = new Set(entries.map(canonicalAddress).filter((address) => address !== undefined))
  return {
    has: (email) => {
      const address = canonicalAddress(email)
      return address !== undefined && emails.has(address)
    },
    size: emails.size,
    invalid: entries.filter((entry) => canonicalAddress(entry) === undefined),
  }
}
