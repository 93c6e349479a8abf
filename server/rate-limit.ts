// A fixed-window counter per client, in memory: the limiter of the SQLite engine (one process). On
// PostgreSQL every instance shares one count instead (store/postgres.ts), with this one as its fallback.
// No timers: stale windows are swept while counting, so it also runs where timers are not allowed.

/** 10 signups a minute per client: generous for people, a brake for scripts. */
export const defaultRateLimit = { max: 10, windowMs: 60_000 }

export type RateLimitOptions = { max: number; windowMs: number; now?: () => number }
export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number }
export interface RateLimiter {
  hit(key: string): RateLimitVerdict | Promise<RateLimitVerdict>
  /** Gives back one hit (the work it allowed did not happen). */
  refund(key: string): void | Promise<void>
}

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
 * further left was written by the client itself and can be forged.
 */
export function clientKey(options: { socketAddress?: string; forwardedFor?: string; trustedProxies: number }): string | undefined {
  const { socketAddress, forwardedFor, trustedProxies } = options
  let address = socketAddress
  if (trustedProxies > 0 && forwardedFor) {
    const hops = forwardedFor.split(',').map((entry) => entry.trim()).filter(Boolean)
    address = hops[Math.max(0, hops.length - trustedProxies)] ?? address
  }
  return address ? addressKey(address) : undefined
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
