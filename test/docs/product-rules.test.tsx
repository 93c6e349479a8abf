// The product's documented rules, each pinned to its documented value, written here as literals: the figures of
// the product specification (its §9 "Business constants and limits", and the ones elsewhere in it) and of
// docs/product-rules.md (the Constants table, the referral, invitation and retention sections, the messages). The
// other suites read the constant they check, so they move with it: the page fade set to 0.6 s and the referral cap
// set to 11 both left them green. This file does not move: changing a rule means changing it here too, on purpose.
// The specification is not in this repository; its figures are copied below, each naming its section.
//
// Where a constant alone would not show what a visitor meets, the behaviour is pinned too: the motion props the
// rendered page fade hands the animation engine, the header at 10 and 11 px, the form giving up at 15 000 ms and
// not at 14 999, the footer's scroll at 100 ms, the machine refusing a day's 11th credit, the addresses of 254
// characters kept and of 255 refused.
import { readFileSync } from 'node:fs'
import { render, screen, within } from '@testing-library/react'
import { createActor, fromPromise } from 'xstate'
import { headerMachine, headerScrollThreshold } from '../../machines/header-machine'
import type { RequestReply } from '../../machines/request-form'
import { referralCreditMachine, type ReferralFacts } from '../../machines/referral-credit-machine'
import { waitlistMachine } from '../../machines/waitlist-machine'
import { readConfig } from '../../server/config'
import { startLaunchTicker } from '../../server/features/launch/launch-ticker'
import { bucketSize, newReferralCode } from '../../server/features/referral/line'
import { networkOf } from '../../server/features/signup/network'
import { personalDataRows } from '../../server/personal-data'
import { retentionRules } from '../../server/platform/retention/retention'
import { startRetentionSchedule } from '../../server/platform/retention/retention-schedule'
import { brand } from '../../shared/brand'
import { previewLimit } from '../../shared/launch-rows'
import { addressLimits, parseMailbox } from '../../shared/mailbox'
import { newsConsentVersion, newsConsentWording } from '../../shared/email-purposes'
import { messages } from '../../shared/messages'
import { referralCodeAlphabet, referralCodeLength } from '../../shared/referral-code'
import { invitationRules, linkLifetimesMs, placeLinkLifetimeMs, referralRules, reminderAfterMs, requestTimeoutMs } from '../../shared/rules'
import { checkSignup, signupLimits, type SignupRequest } from '../../shared/signup'
import { aboutPage } from '../../src/content/about'
import { features, hero, journey } from '../../src/content/home'
import { gymHeroPage } from '../../src/content/products'
import { termsOfService } from '../../src/content/terms'
import { PageFade, pageFadeSeconds } from '../../src/layout/page-fade'
import { scrollToTopDelayMs, scrollToTopLater } from '../../src/layout/scroll-to-top'
import { WAITLIST_TIMEOUT_MS } from '../../src/waitlist/waitlist-client'
import { renderSite } from '../utils/render-route'
import { systemClock } from '../../server/platform/clock/system-clock'

// Every set of props the page fade hands framer-motion's m.div, recorded on the way to the real component.
const motionProps = vi.hoisted(() => [] as Record<string, unknown>[])
vi.mock('framer-motion', async (importOriginal) => {
  const actual = await importOriginal<typeof import('framer-motion')>()
  const { createElement, forwardRef } = await import('react')
  const div = forwardRef<HTMLDivElement, Record<string, unknown>>((props, ref) => {
    motionProps.push(props)
    return createElement(actual.m.div, { ...props, ref })
  })
  return { ...actual, m: new Proxy(actual.m, { get: (target, key) => (key === 'div' ? div : Reflect.get(target, key)) }) }
})

const second = 1000
const minute = 60 * second
const day = 24 * 60 * minute

afterEach(() => vi.useRealTimers())

describe('the specification, §9 "Business constants and limits" (and §2, §4, §7 where they say the same)', () => {
  it('abandons a waitlist request after 15000 ms (§9, §7 "A 15-second abort timer", §8)', async () => {
    expect(requestTimeoutMs).toBe(15000)
    expect(WAITLIST_TIMEOUT_MS).toBe(15000)
    vi.useFakeTimers()
    const signals: AbortSignal[] = []
    const machine = waitlistMachine.provide({
      actions: { focusEmailField: () => {}, openMailDraft: () => {} },
      actors: { submitSignup: fromPromise<RequestReply, SignupRequest>(({ signal }) => new Promise(() => void signals.push(signal))) },
    })
    const actor = createActor(machine, { input: { contactEmail: brand.contactEmail, source: brand.waitlistSource, endpointConfigured: true } }).start()
    actor.send({ type: 'EMAIL_CHANGED', value: 'ada@example.com' })
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(14999)
    expect([actor.getSnapshot().value, signals[0]?.aborted]).toEqual(['submitting', false])
    await vi.advanceTimersByTimeAsync(1)
    expect([actor.getSnapshot().value, signals[0]?.aborted]).toEqual(['failure', true])
  })

  it('turns the header solid past 10 px of scrolling (§9, §2, §4 "threshold 10 px")', () => {
    expect(headerScrollThreshold).toBe(10)
    const look = (...positions: number[]) => {
      const actor = createActor(headerMachine).start()
      for (const y of positions) actor.send({ type: 'SCROLLED', y })
      return actor.getSnapshot().value
    }
    expect([look(10), look(11), look(11, 10)]).toEqual(['transparent', 'solid', 'transparent'])
  })

  it("scrolls to the top 100 ms after the footer's iOS button (§9, §2)", () => {
    expect(scrollToTopDelayMs).toBe(100)
    vi.useFakeTimers()
    const scrollTo = vi.mocked(window.scrollTo)
    scrollTo.mockClear()
    scrollToTopLater()
    vi.advanceTimersByTime(99)
    expect(scrollTo).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })

  it('fades each page out and the next in over 0.3 s, as the rendered fade asks framer-motion (§9, §2)', () => {
    expect(pageFadeSeconds).toBe(0.3)
    motionProps.length = 0
    const { rerender } = render(<PageFade pageKey="/">Home</PageFade>)
    rerender(<PageFade pageKey="/about">About</PageFade>)
    expect(motionProps.length).toBeGreaterThan(0)
    for (const props of motionProps) {
      expect(props).toMatchObject({ initial: { opacity: 0 }, animate: { opacity: 1 }, exit: { opacity: 0 } })
      expect((props.transition as { duration: number }).duration).toBe(0.3)
    }
  })

  it('launches in Fall 2025, on iOS (§9, §1, the landing page badge in §2)', () => {
    expect(brand.launch).toEqual({ season: 'Fall 2025', platform: 'iOS' })
    expect(hero.badge).toBe('Launching Fall 2025 on iOS')
  })

  it('says in the Terms: 13 with a guardian, 30 days of notice, Delaware, first published May 7, 2025 (§9, §6, §3)', () => {
    const terms = [...termsOfService.intro, ...termsOfService.sections.flatMap((section) => section.paragraphs)].join('\n')
    expect(terms).toContain('You must be at least 13 years old')
    expect(terms).toMatch(/parent or legal guardian/)
    expect(terms).toContain("we will give you at least 30 days' notice before the increase takes effect")
    expect(terms).toContain("If we make a material change to these Terms or to our Privacy Policy, we will give you at least 30 days' notice")
    expect(terms).toMatch(/laws of the State of Delaware/)
    expect(termsOfService.versions.at(-1)).toEqual({ date: 'May 7, 2025', changes: 'First published.' })
  })

  it('has six feature cards, four steps, four values and three Gym Hero cards (§2 routes)', () => {
    expect([features.length, journey.steps.length, aboutPage.approach.values.length, gymHeroPage.features.length]).toEqual([6, 4, 4, 3])
  })

  it('has a footer of three columns: Products, Company, Legal (§2)', async () => {
    await renderSite(['/blog'])
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getAllByRole('region').map((region) => within(region).getByRole('heading').textContent)).toEqual(['Products', 'Company', 'Legal'])
  })
})

describe('docs/product-rules.md', () => {
  const doc = readFileSync('docs/product-rules.md', 'utf8')
  /** The Value column of the Constants table's row naming `code`. */
  const documented = (code: string) => doc.split('\n').find((line) => line.startsWith('|') && line.includes(`\`${code}\``))?.split('|')[2]?.trim()

  it('states the Constants table as pinned here', () => {
    expect(
      [
        'headerScrollThreshold',
        'scrollToTopDelayMs',
        'pageFadeSeconds',
        'requestTimeoutMs',
        'linkLifetimesMs.teamInvitation',
        'invitationRules.lifetimeMs',
        'invitationRules.reminderBeforeMs',
        'invitationRules.sendsPerSecond',
        'retentionRules.endedLinksKeptMs',
        'retentionRules.finishedEmailsKeptMs',
        'retentionRules.everyMs',
        'brand.launch',
      ].map(documented),
    ).toEqual(['10 px', '100 ms', '0.3 s', '15 s', '3 days', '14 days', '3 days', '10 a second', '1 day', '30 days', '1 hour, and at each start', 'Fall 2025, on iOS'])
  })

  describe('a place in line and referrals', () => {
    const ordinary: ReferralFacts = { referrerInLine: true, sameInbox: false, friendIsRelay: false, creditedToday: 0, fromSameNetwork: 1, inBurst: 1 }
    const outcome = (facts: Partial<ReferralFacts>) => String(createActor(referralCreditMachine, { input: { ...ordinary, ...facts } }).start().getSnapshot().value)

    it('moves the referrer up 10 places a credit (PLACE_BOOST by default)', () => {
      expect(referralRules.boostPlaces).toBe(10)
      expect(readConfig({}).placeBoost).toBe(10)
    })

    it('credits 10 friends a day: the 11th in a day is refused', () => {
      expect(referralRules.dailyCap).toBe(10)
      expect(outcome({ creditedToday: 9 })).toBe('credited')
      expect(outcome({ creditedToday: 10 })).toBe('overDailyCap')
    })

    it('holds the 4th referral from one network within a day, and the 5th within 10 minutes', () => {
      expect([referralRules.sameNetwork, referralRules.windowMs, referralRules.burst, referralRules.burstMs]).toEqual([4, 1 * day, 5, 10 * minute])
      expect([outcome({ fromSameNetwork: 3 }), outcome({ fromSameNetwork: 4 })]).toEqual(['credited', 'held'])
      expect([outcome({ inBurst: 4 }), outcome({ inBurst: 5 })]).toEqual(['credited', 'held'])
    })

    it('counts a network as the /24 of an IPv4 address and the /48 of an IPv6 one', () => {
      expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24')
      expect(networkOf('2001:db8:1:2::/64')).toBe('2001:db8:1::/48')
    })

    it('makes a code of eight characters from 31, keeps a place link a year, and counts the line in ranges of 1,024', () => {
      expect([referralCodeLength, referralCodeAlphabet.length]).toEqual([8, 31])
      expect(newReferralCode()).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{8}$/)
      expect(placeLinkLifetimeMs).toBe(365 * day)
      expect(bucketSize).toBe(1024)
    })
  })

  describe('invitations in waves', () => {
    it('shows the team the first 50 of a wave', () => {
      expect(previewLimit).toBe(50)
    })

    it('makes a link work 14 days (INVITE_LIFETIME_DAYS by default), its reminder 3 days before its end', () => {
      expect([invitationRules.lifetimeMs, invitationRules.reminderBeforeMs]).toEqual([14 * day, 3 * day])
      expect(readConfig({}).invitations.lifetimeMs).toBe(14 * day)
      expect(reminderAfterMs(14 * day)).toBe(11 * day)
    })

    it("sends a wave's emails 10 a second (INVITE_SEND_RATE by default)", () => {
      expect(invitationRules.sendsPerSecond).toBe(10)
      expect(readConfig({}).invitations.sendsPerSecond).toBe(10)
    })

    it('checks for expired invitations every 30 s', async () => {
      vi.useFakeTimers()
      const tick = vi.fn(async () => ({ waveId: undefined, expired: 0 }))
      const ticker = startLaunchTicker({ invitations: { tick }, now: systemClock })
      await vi.advanceTimersByTimeAsync(29_999)
      expect(tick).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(tick).toHaveBeenCalledTimes(2)
      await ticker.stop()
    })
  })

  describe('what the database keeps', () => {
    it('lists every table that holds someone’s data as the one list of personal data says (server/personal-data.ts)', () => {
      const section = doc.slice(doc.indexOf("### Every table that holds someone's data"), doc.indexOf("## A copy of one's own data"))
      const documentedRows = section.split('\n').filter((line) => line.startsWith('| `'))
      expect(documentedRows).toEqual(personalDataRows())
    })

    it('removes a link token a day after its end and an email 30 days after it finished, at most 500 tokens or 2,000 emails a statement, from 25 rows, each batch about 10 ms', () => {
      expect(retentionRules).toEqual({
        endedLinksKeptMs: day,
        finishedEmailsKeptMs: 30 * day,
        everyMs: 60 * minute,
        batchSize: { consent_tokens: 500, outbox: 2000 },
        batchTargetMs: 10,
        firstBatch: 25,
      })
    })

    it('sweeps as the instance starts serving, then every hour', async () => {
      vi.useFakeTimers()
      const sweep = vi.fn(async () => ({ consent_tokens: 0, outbox: 0 }))
      const schedule = startRetentionSchedule({ retention: { sweep }, now: systemClock })
      expect(sweep).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(60 * minute - 1)
      expect(sweep).toHaveBeenCalledTimes(1)
      await vi.advanceTimersByTimeAsync(1)
      expect(sweep).toHaveBeenCalledTimes(2)
      await schedule.stop()
    })
  })

  describe('messages and link lifetimes', () => {
    it('keeps a confirmation and an erasure link 7 days, an unsubscribe link a year, a sign-in link 15 minutes, an invitation to the team 3 days, a choice of news and updates a day, a link to a copy of one’s data a day and its download an hour', () => {
      expect(linkLifetimesMs).toEqual({ confirm: 7 * day, erase: 7 * day, unsubscribe: 365 * day, signIn: 15 * minute, teamInvitation: 3 * day, newsChoice: day, copy: day, copyFile: 60 * minute })
      expect(messages.copyRequested).toBe(
        "We've emailed that address. If it is on our waitlist, the email has a link to a copy of your data, which works for 1 day; if not, it says that we hold nothing about it.",
      )
      expect(messages.eraseRequested).toBe("If that address is on our waitlist, we've emailed it a link to confirm the deletion. The link works for 7 days.")
    })

    it('asks for news and updates in these words, version 2026-11-27, and answers in these', () => {
      expect(newsConsentWording).toBe("Would you also like our news and updates? What we're building and learning, a few emails a year at most. Unsubscribe any time.")
      expect(newsConsentVersion).toBe('2026-11-27')
      expect(messages.unsubscribed).toBe("You're unsubscribed. We won't email you again unless you join the waitlist anew.")
      expect(messages.unsubscribedNews).toBe("You're unsubscribed from news and updates. This doesn't change our emails about early access.")
      expect(messages.newsOn).toBe("Thanks: we'll send you news and updates too. You can stop them here at any time, or with the unsubscribe link in any of them.")
      expect(messages.newsOff).toBe("Done: we won't send you news and updates.")
    })

    it('takes an address of 254 characters, 64 before the @, and a first name of 100, and says so', () => {
      expect([addressLimits.length, addressLimits.localPartLength, signupLimits.firstNameLength]).toEqual([254, 64, 100])
      expect(messages.emailTooLong).toBe('Please use a shorter email address (254 characters at most).')
      expect(messages.emailLocalPartTooLong).toBe('Please use a shorter email address (64 characters at most before the @).')
      expect(messages.nameTooLong).toBe('Please use a shorter name (100 characters at most).')
      // Labels of at most 60 characters (a label may have 63), then `.test`, to the length asked.
      const domainOf = (length: number) => {
        let domain = 'test'
        while (domain.length < length) domain = `${'b'.repeat(Math.min(60, length - domain.length - 1))}.${domain}`
        return domain
      }
      const address = (local: number, total: number) => `${'a'.repeat(local)}@${domainOf(total - local - 1)}`
      expect(['address' in parseMailbox(address(64, 254)), parseMailbox(address(64, 255))]).toEqual([true, { problem: 'too-long' }])
      expect(parseMailbox(address(65, 100))).toEqual({ problem: 'local-part-too-long' })
      const signup = (firstName: string) => checkSignup({ email: 'ada@example.com', firstName, source: brand.waitlistSource })
      expect(['signup' in signup('A'.repeat(100)), signup('A'.repeat(101))]).toEqual([true, { reason: 'nameTooLong' }])
    })
  })
})
