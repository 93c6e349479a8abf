// The product's rules that code on both sides reads, each written once: how long a visitor waits for an
// answer, how a typed address is checked in the browser, how often a confirmation may be re-sent, and how
// long each emailed link works. A sentence that names one of these numbers is built from it (`inWords`).

/** How long the site waits for the waitlist endpoint before telling the visitor to try again (the product
 * specification's 15-second time-out), for every form that posts to it. */
export const requestTimeoutMs = 15_000

/** The browser's check of a typed address, the product specification's own: non-space characters, @,
 * non-space characters, a dot, non-space characters, on the trimmed value. The server's rule is stricter
 * (shared/mailbox.ts) and answers in the same words. */
export const looksLikeEmail = (value: string) => /^\S+@\S+\.\S+$/.test(value.trim())

/** A pending signup that signs up again is re-sent its confirmation at most this often. */
export const resendAfterMs = 10 * 60_000

const day = 86_400_000

/** How long the link in each email works: confirm and erase for a week, unsubscribe for a year (it must keep
 * working long after its email arrived, yet end like every token), a console sign-in for 15 minutes. */
export const linkLifetimesMs = {
  confirm: 7 * day,
  erase: 7 * day,
  unsubscribe: 365 * day,
  signIn: 15 * 60_000,
} as const

/** A lifetime as a person reads it: "7 days", "15 minutes", "1 hour". */
export function inWords(ms: number): string {
  const [unit, size] = ms % day === 0 ? ['day', day] : ms % 3_600_000 === 0 ? ['hour', 3_600_000] : ['minute', 60_000]
  const count = Math.round(ms / size)
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

/** A place in line and what a referral earns (docs/product-rules.md). A friend who joins through a person's
 * share link and confirms their address moves that person up `boostPlaces` places (LaunchList's default too;
 * PLACE_BOOST changes it). Credit stops for the day after `dailyCap` friends; referrals that look like a farm
 * are held for the team instead of credited: `sameNetwork` from one network (/24, /48) within `windowMs`, or
 * `burst` within `burstMs`. */
export const referralRules = {
  boostPlaces: 10,
  dailyCap: 10,
  sameNetwork: 4,
  windowMs: day,
  burst: 5,
  burstMs: 10 * 60_000,
} as const

/** How long the private "your place" link in the welcome email works: a year, like unsubscribing, and it ends
 * at once when the person is erased. */
export const placeLinkLifetimeMs = 365 * day
