// The console's session cookie. HttpOnly (no script reads it), SameSite=Strict (no other site's page sends
// it), Path=/ and, over HTTPS, Secure with the __Host- prefix, which the browser only accepts from this very
// host over TLS. Plain http (`npm start` on 127.0.0.1) cannot carry __Host- (it requires Secure), so there
// the cookie goes by a plain name; each scheme only ever reads its own name.
import type { Context } from 'hono'
import { getCookie, setCookie } from 'hono/cookie'

export const sessionLifetimeMs = 12 * 60 * 60_000
export const secureCookieName = '__Host-stride_admin'
export const plainCookieName = 'stride_admin'

export const sessionCookieName = (https: boolean) => (https ? secureCookieName : plainCookieName)

export function readSessionCookie(c: Context, https: boolean): string | undefined {
  return getCookie(c, sessionCookieName(https))
}

export function writeSessionCookie(c: Context, https: boolean, value: string, maxAgeSeconds: number) {
  setCookie(c, sessionCookieName(https), value, { httpOnly: true, sameSite: 'Strict', path: '/', secure: https, maxAge: maxAgeSeconds })
}

export function clearSessionCookie(c: Context, https: boolean) {
  writeSessionCookie(c, https, '', 0)
}
