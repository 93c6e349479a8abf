// What a request says about where it came from, believed only as far as TRUST_PROXY allows: each proxy in
// front writes these headers, and without a trusted one the client could have written them itself.
import type { Context } from 'hono'
import { clientKey } from './rate-limit'

export type RequestFacts = {
  /** The client's rate-limit key (rate-limit.ts); undefined when nothing says who it is. */
  clientKey: (c: Context) => string | undefined
  /** Whether it came over https: the URL's own scheme, or what the nearest trusted proxy saw. */
  isHttps: (c: Context) => boolean
  /** The hosts it was addressed to: a page of this very site names one of them in its Origin. */
  requestHosts: (c: Context) => string[]
}

export function requestFacts(options: { clientAddress?: (c: Context) => string | undefined; trustedProxies?: number }): RequestFacts {
  const { clientAddress, trustedProxies = 0 } = options
  return {
    clientKey: (c) => clientKey({ socketAddress: clientAddress?.(c), forwardedFor: c.req.header('x-forwarded-for'), trustedProxies }),
    isHttps: (c) =>
      new URL(c.req.url).protocol === 'https:' || (trustedProxies > 0 && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https'),
    requestHosts: (c) =>
      [new URL(c.req.url).host, c.req.header('host'), trustedProxies > 0 ? c.req.header('x-forwarded-host') : undefined].filter((host) => host !== undefined),
  }
}
