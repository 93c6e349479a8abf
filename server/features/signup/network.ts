// The network a signup came from, for the referral farm rule alone (referral-credit-machine.ts): the /24 of an
// IPv4 address, the /48 of an IPv6 one (a site's usual allocation). From the rate limiter's client key
// (rate-limit.ts: an IPv4 address, or an IPv6 /64). The store keeps only a keyed hash of it, and only while a
// referral waits to be decided.
export function networkOf(clientKey: string | undefined): string | undefined {
  if (!clientKey) return undefined
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(clientKey)
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`
  const groups = clientKey.replace(/::\/64$/, '').split(':')
  return groups.length >= 3 ? `${groups.slice(0, 3).join(':')}::/48` : undefined
}
