// ADMIN_EMAILS: the team's owners by the settings (issue 46), as canonical addresses (shared/mailbox.ts), so a
// team member is one person whatever the case or form they type. Every address on it is an owner the console can
// neither remove nor demote; the rest of the team is kept in the database (team-store.ts). The list is never
// echoed to anyone outside the team: no public reply, page or log line says whether an address is on it; the
// console's team page lists it to those who manage the team.
import { canonicalAddress } from '../../../shared/mailbox'

export type AdminEmails = { has(email: string): boolean; readonly size: number; /** The canonical addresses, each once. */ readonly addresses: readonly string[] }

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
    addresses: [...emails],
    entries: addresses.length,
    invalidPlaces: addresses.flatMap((address, index) => (address === undefined ? [index + 1] : [])),
  }
}
