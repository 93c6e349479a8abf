// A fixed-window counter per client, in memory: the limiter of the SQLite engine (one process). On
// PostgreSQL every instance shares one count instead (platform/database/postgres.ts), with this one as its fallback.
// No timers: stale windows are swept while counting, so it also runs where timers are not allowed.
import { isIP, isIPv4, isIPv6 } from 'node:net'

/** 10 signups a minute per client: generous for people, a brake for scripts. */
export const defaultRateLimit = { max: 10, windowMs: 60_000 }

export type RateLimitOptions = { max: number; windowMs: number; now?: () => number }
export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }
export interface RateLimiter {
  hit(key: string): RateLimitVerdict | Promise<RateLimitVerdict>
  /** Gives back one hit (the work it allowed did not happen). */
  refund(key: string): void | Promise<void>
}

// A window is a duration, not a date: it runs on the system's clock (Date.now, as the PostgreSQL limiter's library
// does), not on the composition's, so one limit measures the same on both engines whatever a test's clock says.
export function createRateLimiter({ max, windowMs, now = Date.now }: RateLimitOptions) {
  const windows = new Map<string, { count: number; resetAt: number }>()
  let nextSweep = now() + windowMs

  function sweep(time: number) {
    if (time < nextSweep) return
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key)
    nextSweep = time + windowMs
  }

  return {
    hit(key: string): RateLimitVerdict {
      const time = now()
      sweep(time)
      let window = windows.get(key)
      if (!window || window.resetAt <= time) {
        window = { count: 0, resetAt: time + windowMs }
        windows.set(key, window)
      }
      window.count += 1
      if (window.count <= max) return { allowed: true }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - time) / 1000)) }
    },
    refund(key: string): void {
      const window = windows.get(key)
      if (window && window.count > 0) window.count -= 1
    },
    /** How many clients are being tracked (for tests). */
    get size() {
      return windows.size
    },
  }
}

/**
 * The rate-limit key for a client. `forwardedFor` is only consulted when `trustedProxies` > 0: each trusted
 * proxy appends the address it saw, so the client is the entry `trustedProxies` places from the right; anything
 * further left was written by the client itself and can be forged. An entry that names no address (RFC 7239's
 * `unknown` or an obfuscated `_name`, a host name, garbage) is not believed and counts as the connection's own
 * address, the nearest proxy: clients their proxy would not name share its one limit rather than escape every
 * limit with a new made-up name each time.
 */
export function clientKey(options: { socketAddress?: string; forwardedFor?: string; trustedProxies: number }): string | undefined {
  const { socketAddress, forwardedFor, trustedProxies } = options
  let address = socketAddress
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean)
    const entry = hops[Math.max(0, hops.length - trustedProxies)]
    if (entry !== undefined) address = forwardedAddress(entry) ?? socketAddress
  }
  return address ? addressKey(address) : undefined
}

// RFC 7239's node, which proxies also write into X-Forwarded-For: an address and an optional port, the IPv6
// address in brackets when a port follows (or always), the port a number or an obfuscated `_name`.
const ipv4WithPort = /^([\d.]+):(?:\d{1,5}|_[\w.-]+)$/
const bracketedIpv6 = /^\[([^\]]+)\](?::(?:\d{1,5}|_[\w.-]+))?$/

/**
 * The address in one X-Forwarded-For entry, as proxies write it: a bare IPv4 or IPv6 address; an IPv4 address
 * with the client's port (`203.0.113.7:51234`, as Azure Application Gateway writes it); an IPv6 address in
 * brackets, with or without a port (`[2001:db8::7]:443`); any of them in double quotes (RFC 7239's `for=`
 * value copied as it is). Undefined for anything else: the port is dropped, since a new connection brings a
 * new one and the client is the address.
 */
export function forwardedAddress(entry: string): string | undefined {
  const trimmed = entry.trim()
  const node = trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1) : trimmed
  if (isIP(node)) return node
  const bracketed = bracketedIpv6.exec(node)?.[1]
  if (bracketed !== undefined) return isIPv6(bracketed) ? bracketed : undefined
  const withPort = ipv4WithPort.exec(node)?.[1]
  return withPort !== undefined && isIPv4(withPort) ? withPort : undefined
}

// One person holds a whole IPv6 /64, so count per /64; IPv4-mapped IPv6 is plain IPv4.
function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  if (mapped?.[1]) return mapped[1]
  if (!address.includes(':')) return address
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::')
  const left = head ? head.split(':') : []
  const right = address.includes('::') && tail ? tail.split(':') : []
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`
}
