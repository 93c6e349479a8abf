// The keyed hash of an address: HMAC-SHA256 keyed by the database's own random salt (database.ts erasureSalt), so a
// list of hashes alone cannot be checked against a list of addresses. What an erasure keeps of an address
// (features/consent/ erased_emails) and what the suppression list is keyed by (platform/suppression/): the same
// address gives the same hash in both, so an erased address that bounced is still known to bounce.
import { createHmac } from 'node:crypto'

export const addressHash = (salt: string, address: string) => createHmac('sha256', salt).update(address, 'utf8').digest('hex')
