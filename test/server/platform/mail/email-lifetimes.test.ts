// @vitest-environment node
// A lifetime an email promises ("the link works for 7 days") is written from the constant the code uses
// (shared/rules.ts). Here the constants are changed: every email must say the new lifetimes, in its preheader,
// its HTML and its plain text, and nowhere the old ones. A lifetime typed into the copy fails this.
import { describe, expect, it, vi } from 'vitest'
import { inWords, invitationRules, linkLifetimesMs, placeLinkLifetimeMs } from '../../../../shared/rules'

vi.mock('../../../../shared/rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../../../../shared/rules')>()
  return {
    ...rules,
    linkLifetimesMs: { ...rules.linkLifetimesMs, confirm: 4 * 86_400_000, erase: 2 * 86_400_000, signIn: 20 * 60_000, teamInvitation: 5 * 86_400_000, copy: 6 * 86_400_000 },
    placeLinkLifetimeMs: 200 * 86_400_000,
    invitationRules: { ...rules.invitationRules, lifetimeMs: 10 * 86_400_000, reminderBeforeMs: 2 * 86_400_000 },
  }
})

const { emailSamples } = await import('../../../../scripts/email-samples')
const actual = await vi.importActual<typeof import('../../../../shared/rules')>('../../../../shared/rules')
const real = [...Object.values(actual.linkLifetimesMs), actual.placeLinkLifetimeMs, actual.invitationRules.lifetimeMs, actual.invitationRules.reminderBeforeMs]
/** The lifetime each email names: the one of the link it carries; null for one that names none (an update says
 * nothing of how long its links work). */
const lifetimeOf: Record<string, (() => number) | null> = {
  'confirmation-email': () => linkLifetimesMs.confirm,
  'erasure-email': () => linkLifetimesMs.erase,
  'sign-in-email': () => linkLifetimesMs.signIn,
  'team-invitation-email': () => linkLifetimesMs.teamInvitation,
  'welcome-email': () => placeLinkLifetimeMs,
  'invitation-email': () => invitationRules.lifetimeMs,
  // The reminder names the time left, which is the time before the end it is sent at.
  'invitation-reminder-email': () => invitationRules.reminderBeforeMs,
  'update-email': null,
  'copy-email': () => linkLifetimesMs.copy,
  // It carries no link of ours to end.
  'nothing-held-email': null,
}

describe('the lifetimes in the emails', () => {
  it('are changed here', () => {
    expect(linkLifetimesMs.confirm).not.toBe(actual.linkLifetimesMs.confirm)
    expect(placeLinkLifetimeMs).not.toBe(actual.placeLinkLifetimeMs)
    expect(invitationRules.lifetimeMs).not.toBe(actual.invitationRules.lifetimeMs)
    expect(Object.keys(lifetimeOf).sort()).toEqual(emailSamples.map((sample) => sample.component).sort())
  })

  it.each(emailSamples.map((sample) => [sample.component, sample] as const))('%s says the lifetime of the constant it is sent under', (component, { build }) => {
    const lifetime = lifetimeOf[component]?.()
    const mail = build()
    const preheader = /data-skip-in-text="true">([^<]+)/.exec(mail.html)?.[1] ?? ''
    for (const part of [preheader, mail.html, mail.text]) {
      if (lifetime !== undefined) expect(part).toContain(inWords(lifetime))
      for (const old of new Set(real.map(inWords))) expect(part).not.toContain(old)
    }
  })
})
