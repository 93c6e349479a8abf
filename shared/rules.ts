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
 * working long after its email arrived, yet end like every token), a console sign-in for 15 minutes. A choice of
 * news and updates (shared/email-purposes.ts) is made with a token of a day, handed to the page that asks it (the
 * confirmed page, the "your place" page) and made anew with each answer, so a page left open overnight asks the
 * person to come back through their place page rather than acting on an old page's say-so. */
export const linkLifetimesMs = {
  confirm: 7 * day,
  erase: 7 * day,
  unsubscribe: 365 * day,
  signIn: 15 * 60_000,
  /** A console invitation (a sign-in link to a new team member): longer than a sign-in link, which its person asked for. */
  teamInvitation: 3 * day,
  newsChoice: day,
  /** A link to a copy of one's own data (issue 51): it shows every datum we keep, so it lasts a day, not a week. */
  copy: day,
  /** The download on the copy's page: the page hands it over when the link is used, for the hour after. */
  copyFile: 3_600_000,
} as const

/** A lifetime as a person reads it: "7 days", "15 minutes", "1 hour". */
export function inWords(ms: number): string {
  const [unit, size] = ms % day === 0 ? ['day', day] : ms % 3_600_000 === 0 ? ['hour', 3_600_000] : ['minute', 60_000]
  const count = Math.round(ms / size)
  return `${count} ${unit}${count === 1 ? '' : 's'}`
}

// One formatter, made once: the outbox writes a date into every invitation it sends. Marked pure so that the
// site's bundle, which imports this module for other rules, leaves it out.
const longDate = /* @__PURE__ */ new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** The day something ends, as a person reads it: "Tuesday, December 8, 2026". In UTC, the day the code ends it
 * on, and in the site's own US style (its legal texts say "May 7, 2025"). */
export const expiresOnWords = (date: Date) => longDate.format(date)

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

/** Invitations in waves (docs/product-rules.md). An invitation's link works for `lifetimeMs` (14 days;
 * INVITE_LIFETIME_DAYS changes it); one reminder goes `reminderBeforeMs` before it ends (or halfway, for a
 * lifetime shorter than twice that). A wave's emails leave at most `sendsPerSecond` a second across every
 * instance (INVITE_SEND_RATE), so a launch never floods the mail server; a wave is at most `maxWave` people. */
export const invitationRules = {
  lifetimeMs: 14 * day,
  reminderBeforeMs: 3 * day,
  sendsPerSecond: 10,
  maxWave: 100_000,
} as const

/** A pace's time of day, as the console sends it and the server stores it: HH:MM, 24-hour, UTC. */
export const isTimeOfDay = (value: unknown): value is string => typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(value)

/** When an invitation's one reminder is due, for one that ends `lifetimeMs` after it was sent. */
export const reminderAfterMs = (lifetimeMs: number) =>
  lifetimeMs >= 2 * invitationRules.reminderBeforeMs ? lifetimeMs - invitationRules.reminderBeforeMs : Math.round(lifetimeMs / 2)
