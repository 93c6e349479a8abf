// Sign-in links: a fresh secret per link, kept only as its SHA-256, valid 15 minutes (an invitation to the team,
// the same link, 3 days: shared/rules.ts) and consumed by the first
// POST that presents it. The secret travels in the URL's fragment (#token=…), which browsers never send to a
// server, so it stays out of access logs and Referer headers; the page posts it (see src/admin).
import type { AdminStore } from './admin-store'
import { hashSecret, newSecret } from '../../platform/secrets/tokens'
import { linkLifetimesMs } from '../../../shared/rules'

export const signInLinkLifetimeMs = linkLifetimesMs.signIn
export const signInPath = '/admin/sign-in'

/** Stores a new sign-in token for `email` (a canonical address) and returns the link that carries it. `publicUrl` is configured,
 * never taken from the request: a forged Host header must not point a link at someone else's site. */
export async function issueSignInLink(store: AdminStore, email: string, publicUrl: string, now: Date, lifetimeMs = signInLinkLifetimeMs): Promise<string> {
  const token = newSecret()
  await store.saveSignInToken(hashSecret(token), email, new Date(now.getTime() + lifetimeMs))
  return `${new URL(signInPath, publicUrl).href}#token=${token}`
}
