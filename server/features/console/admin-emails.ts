// ADMIN_EMAILS: who may sign in to the console, as canonical addresses (shared/mailbox.ts), so a team member
// is one person whatever the case or form they type. The list is only ever consulted, never echoed: no reply,
// page or log line says whether an address is on it.
import { canonicalAddress } from '../../../shared/mailbox'

export type AdminEmails = { has(email: string): boolean; readonly size: number }

/** The list, and the places (1-based) of the entries that are not one address each, which config.ts reports at
 * start by place: the list itself is never echoed. */
export function parseAdminEmails(value: string | undefined): AdminEmails & { entries: number; invalidPlaces: number[] } {
  const addresses = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean).map(canonicalAddress)
  const emails = new Set(addresses.filter((address) => address !== undefined))
  return {
    has: (email) => {
      const address = canonicalAddress(email)
      return address !== undefined && emails.has(address)
    },
    size: emails.size,
    entries: addresses.length,
    invalidPlaces: addresses.flatMap((address, index) => (address === undefined ? [index + 1] : [])),
  }
}
