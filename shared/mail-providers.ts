// What mail providers do with an address, as far as anyone outside can tell, each rule beside the provider's
// own page (read 2026-11-26). Two kinds:
// - providers that deliver many spellings into one inbox: inboxKey (below) applies them, and so
//   keys both the per-inbox mail budget (server/platform/mail/mailbox-budget.ts: every spelling of one inbox shares its
//   five emails a day) and the referral rule that a friend's inbox is not the referrer's own
//   (machines/referral-credit-machine.ts);
// - relay services, whose addresses forward to an inbox nobody else can see: such an address may join, but
//   earns nobody a referral credit (isRelayAddress), since one person can have as many as they like.
// What cannot be told from outside is left out: iCloud+'s Hide My Email addresses are random names at
// icloud.com, an iCloud account's aliases and a Yahoo base name are chosen freely, and a custom domain hosted
// by any of these providers is the owner's own. Nothing here does I/O.

type Provider = {
  /** Its domains, lower-case ASCII as canonicalAddress gives them. */
  domains: readonly string[]
  /** A name at any of the domains is one inbox, keyed at the first domain. */
  oneNamespace?: true
  /** Characters the provider does not read in a name. */
  ignores?: RegExp
  /** Where a tag starts, when not only at a `+` (every address's tag: RFC 5233's subaddress). */
  tagStart?: RegExp
  /** `anything@name.<domain>` is `name@<domain>`. */
  subdomainAddressing?: true
  sources: readonly string[]
}

export const inboxProviders: readonly Provider[] = [
  {
    // "Gmail doesn't recognize dots as characters within usernames"; googlemail.com is Gmail's other name.
    domains: ['gmail.com', 'googlemail.com'],
    oneNamespace: true,
    ignores: /\./g,
    sources: ['https://support.google.com/mail/answer/7436150'],
  },
  {
    // ".", "_" and "-" are "treated as transparent", and one name is one account at all four domains (pm.me is
    // the short form; protonmail.ch the oldest).
    domains: ['proton.me', 'pm.me', 'protonmail.com', 'protonmail.ch'],
    oneNamespace: true,
    ignores: /[._-]/g,
    sources: ['https://proton.me/support/change-username', 'https://proton.me/support/addresses-and-aliases'],
  },
  {
    // An account may have its name at @icloud.com, @me.com and @mac.com, one mailbox.
    domains: ['icloud.com', 'me.com', 'mac.com'],
    oneNamespace: true,
    sources: ['https://support.apple.com/en-us/118230'],
  },
  {
    // Subdomain addressing: whateveryoulike@username.fastmail.com reaches username@fastmail.com. Fastmail's
    // domains are separate namespaces, so each keeps its own.
    domains: ['fastmail.com', 'fastmail.fm'],
    subdomainAddressing: true,
    sources: ['https://www.fastmail.help/hc/en-us/articles/360060591053'],
  },
  {
    // Disposable addresses: basename-keyword@yahoo.com, each delivered to the account's inbox; the dash marks
    // them (Yahoo's patent for the feature reserves it). The base name is chosen apart from the account's name,
    // so this ties a disposable address to its base, not always to the account.
    domains: ['yahoo.com'],
    tagStart: /[+-]/,
    sources: ['http://help.yahoo.com/help/uk/bt/tutorials/mail/addressguard2.html', 'https://patents.justia.com/patent/20060041621'],
  },
]

/** Relay services: every address at these domains, or at a subdomain of one (a user's own), forwards mail to an
 * inbox we cannot see. Most are also on the disposable list (mailchecker) that refuses them at signup today;
 * Apple's is not, and a list may change, so the referral rule names them all. */
export const relayServices: readonly { domains: readonly string[]; sources: readonly string[] }[] = [
  // Sign in with Apple's Hide My Email: <random>@privaterelay.appleid.com.
  { domains: ['privaterelay.appleid.com'], sources: ['https://developer.apple.com/documentation/signinwithapplejs/communicating_using_the_private_email_relay_service'] },
  // Firefox Relay's masks, random@mozmail.com or anything@name.mozmail.com.
  { domains: ['mozmail.com'], sources: ['https://relay.firefox.com/faq/'] },
  // DuckDuckGo Email Protection: name@duck.com and private random@duck.com addresses.
  { domains: ['duck.com'], sources: ['https://duckduckgo.com/email/'] },
  // SimpleLogin (Proton's): its shared domains and name.simplelogin.com subdomains.
  { domains: ['simplelogin.com', 'aleeas.com', 'slmail.me'], sources: ['https://simplelogin.io/docs/getting-started/restore-alias'] },
  // addy.io (AnonAddy): shared @anonaddy.me aliases and anything@username.anonaddy.com.
  { domains: ['anonaddy.me', 'anonaddy.com'], sources: ['https://addy.io/help/what-are-the-different-kinds-of-aliases/'] },
]

const providerByDomain = new Map(inboxProviders.flatMap((provider) => provider.domains.map((domain) => [domain, provider] as const)))
const relayDomains = new Set(relayServices.flatMap((service) => service.domains))

/** The provider whose rules a canonical domain follows, and the domain an address there is delivered under:
 * `name.fastmail.com` is `fastmail.com`, where the name moves in front of the `@`. */
export function providerOf(domain: string): { provider: Provider | undefined; domain: string; name?: string } {
  const direct = providerByDomain.get(domain)
  if (direct) return { provider: direct, domain }
  const dot = domain.indexOf('.')
  const parent = providerByDomain.get(domain.slice(dot + 1))
  if (parent?.subdomainAddressing) return { provider: parent, domain: domain.slice(dot + 1), name: domain.slice(0, dot) }
  return { provider: undefined, domain }
}

/** A canonical address at a relay service (shared/mailbox.ts canonicalAddress gives the form). */
export function isRelayAddress(address: string): boolean {
  const domain = address.slice(address.lastIndexOf('@') + 1)
  const labels = domain.split('.')
  return labels.some((_, index) => relayDomains.has(labels.slice(index).join('.')))
}

/** The inbox a canonical address delivers to, as far as we can tell from outside: without its `+tag`, and by its
 * provider's rules (the providers above: Gmail's and Proton's ignored characters, Proton's and iCloud's
 * other domains, Fastmail's subdomain addressing, Yahoo's `-keyword`). The per-inbox mail budget and the
 * referral rule against one's own inbox count per inbox, not per spelling. */
export function inboxKey(address: string): string {
  const at = address.lastIndexOf('@')
  const { provider, domain, name } = providerOf(address.slice(at + 1))
  const typed = name ?? address.slice(0, at)
  // A tag starts at the first `+` (or the provider's own mark); a name that is all tag stays whole.
  const tagAt = typed.search(provider?.tagStart ?? /\+/)
  let localPart = (tagAt >= 0 ? typed.slice(0, tagAt) : typed) || typed
  if (provider?.ignores) localPart = localPart.replace(provider.ignores, '') || localPart
  return `${localPart}@${provider?.oneNamespace ? provider.domains[0] : domain}`
}
