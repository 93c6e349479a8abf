// Where a webhook may be delivered (issue 33, "SSRF"): never to this machine, its network or the cloud's metadata
// service, checked when the URL is saved and again at connect time, on the very addresses the connection uses
// (a name's DNS answer can change between the two, or point inside from the start). The check at connect time is
// a `lookup` handed to the HTTP agent (node:net calls it for every name it connects to); an IP literal in the URL
// is never looked up, so it is checked here before any connection. WEBHOOKS_ALLOW_PRIVATE (config.ts) lifts both,
// for trying webhooks against a receiver on this machine.
import { lookup as dnsLookup, type LookupAddress, type LookupAllOptions } from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

const forbidden = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address among them
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, the metadata service 169.254.169.254 among them
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const)
  forbidden.addSubnet(network, prefix, 'ipv4')
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  forbidden.addSubnet(network, prefix, 'ipv6')

/** The eight 16-bit groups of an IPv6 address (with a dotted IPv4 tail, or `::`), or undefined. */
function groupsOf(address: string): number[] | undefined {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const bytes = dotted[1]!.split('.').map(Number)
    text = `${text.slice(0, dotted.index)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const parts = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)))
  const left = parts(head)
  const right = tail === undefined ? [] : parts(tail)
  const groups = tail === undefined ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right]
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : undefined
}

/** Whether a connection to this IP address is refused: loopback, private, link-local, metadata, unspecified, and
 * the same addresses written as IPv6 (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96). */
export function isForbiddenAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '')
  const family = isIP(bare)
  if (family === 4) return forbidden.check(bare, 'ipv4')
  if (family !== 6) return true
  const groups = groupsOf(bare)
  if (!groups) return true
  const embedded = `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`
  const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0)
  if (zeros(5) && groups[5] === 0xffff) return forbidden.check(embedded, 'ipv4')
  // IPv4-compatible (::a.b.c.d); :: and ::1 fall here too, as 0.0.0.0 and 0.0.0.1, both refused.
  if (zeros(6)) return forbidden.check(embedded, 'ipv4')
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) return forbidden.check(embedded, 'ipv4')
  return forbidden.check(bare, 'ipv6')
}

export class ForbiddenAddressError extends Error {
  readonly code = 'EWEBHOOKFORBIDDEN'
  constructor(readonly address: string) {
    super(`refused to connect to ${address}: a loopback, private, link-local or metadata address`)
  }
}

/** How a name is resolved: node:dns's lookup with all: true, or a test's. */
export type Resolve = (hostname: string, options: LookupAllOptions, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void

/** The `lookup` the agent connects with: the name's addresses as DNS gives them, refused whole when any is
 * forbidden (a name that answers with one public and one private address could be made to connect to either).
 * `resolve` is node:dns's unless a test brings one. */
export function guardedLookup(options: { allowPrivate: boolean; resolve?: Resolve }): LookupFunction {
  const resolve: Resolve = options.resolve ?? ((hostname, lookupOptions, callback) => dnsLookup(hostname, lookupOptions, callback))
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return void callback(error, '', 4)
      const refused = options.allowPrivate ? undefined : addresses.find((entry) => isForbiddenAddress(entry.address))
      if (refused) return void callback(new ForbiddenAddressError(refused.address), '', 4)
      if (addresses.length === 0) return void callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4)
      // node:net asks for every address (all: true) when it tries several families; older callers ask for one.
      if (lookupOptions.all) return void (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
      callback(null, addresses[0]!.address, addresses[0]!.family)
    })
  }
}

/** Why a URL cannot be saved as an endpoint, or undefined when it can: https (http too with allow-private), no
 * user or password in it, and no forbidden IP literal or `localhost` (a name is checked again at connect time). */
export function endpointUrlProblem(text: string, allowPrivate: boolean): string | undefined {
  let url: URL
  try {
    url = new URL(text.trim())
  } catch {
    return 'Give the address as a full URL, such as https://hooks.example.com/waitlist.'
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return allowPrivate
      ? 'Only https: and http: addresses are accepted.'
      : 'Only https: addresses are accepted. To try a local http: endpoint, set WEBHOOKS_ALLOW_PRIVATE=true in the environment and restart (never in production).'
  if (url.username || url.password) return 'Leave the user name and password out of the address: sign the requests with the secret instead.'
  if (text.length > 2000) return 'The address is too long.'
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (!allowPrivate && (isIP(host) ? isForbiddenAddress(host) : host === 'localhost' || host.endsWith('.localhost')))
    return 'That address is on this machine or a private network: webhooks go to public addresses only. To try one locally, set WEBHOOKS_ALLOW_PRIVATE=true in the environment and restart (never in production).'
  return undefined
}
