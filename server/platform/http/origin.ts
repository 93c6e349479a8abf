// Which web pages may post signups. A text/plain POST is a CORS "simple request": browsers send it from any
// site without asking first, so the server itself has to look at Origin. Requests without an Origin header
// (curl, server-to-server) are let through: anything that can omit the header could also forge it.

export type AllowedOrigins = { any: boolean; origins: ReadonlySet<string> }

/** Parses ALLOWED_ORIGINS ("https://a.example, https://b.example" or "*"). Throws on an entry that is not an origin. */
export function parseAllowedOrigins(value: string | undefined): AllowedOrigins {
  const entries = (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean)
  const origins = new Set<string>()
  for (const entry of entries) {
    if (entry === '*') continue
    let url: URL
    try {
      url = new URL(entry)
    } catch {
      throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an origin like https://example.com`)
    }
    if (url.origin === 'null') throw new Error(`ALLOWED_ORIGINS: "${entry}" is not an http(s) origin`)
    origins.add(url.origin)
  }
  return { any: entries.includes('*'), origins }
}

/**
 * Whether a request carrying `origin` may post. Same-origin requests (the site served next to the endpoint)
 * are always allowed; the host is compared, not the scheme, because TLS often ends at a proxy in front.
 */
export function isOriginAllowed(origin: string, requestHosts: readonly string[], allowed: AllowedOrigins): boolean {
  if (allowed.any) return true
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false // includes the literal "null" of sandboxed frames and file:// pages
  }
  if (parsed.origin === 'null') return false
  if (allowed.origins.has(parsed.origin)) return true
  return requestHosts.some((host) => host.toLowerCase() === parsed.host)
}
