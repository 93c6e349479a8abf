// Where a member was going when the console asked them to sign in (a shared link to /admin/people, say): kept in
// this browser while their sign-in link is valid, so the link they open (always /admin/sign-in, in a new tab)
// lands them back there. Without one, a sign-in lands on the Overview.
import { linkLifetimesMs } from '../../shared/rules'

const key = 'console-return-path'
type Kept = { path: string; until: number }

/** Keeps the console address a member is signing in from, unless it is the Overview or the sign-in page. */
export function keepReturnPath(path: string, now = Date.now()) {
  try {
    if (/^\/admin\/?(sign-in\/?)?$/.test(path) || !path.startsWith('/admin/')) localStorage.removeItem(key)
    else localStorage.setItem(key, JSON.stringify({ path, until: now + linkLifetimesMs.signIn } satisfies Kept))
  } catch {
    // Storage refused (a private window's quota): the sign-in lands on the Overview.
  }
}

/** The kept address, once (it is forgotten as it is read), or null when none is kept or it has expired. */
export function takeReturnPath(now = Date.now()): string | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as Kept | null
    localStorage.removeItem(key)
    return kept && kept.until > now && kept.path.startsWith('/admin/') ? kept.path : null
  } catch {
    return null
  }
}
