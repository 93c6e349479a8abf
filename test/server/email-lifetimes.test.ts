// @vitest-environment node
// A lifetime an email promises ("the link works for 7 days") is written from the constant the code uses
// (shared/rules.ts). Here the constants are changed: every email must say the new lifetimes, in its preheader,
// its HTML and its plain text, and nowhere the old ones. A lifetime typed into the copy fails this.
import { describe, expect, it, vi } from 'vitest'
import { inWords, linkLifetimesMs } from '../../shared/rules'

vi.mock('../../shared/rules', async (importOriginal) => {
  const rules = await importOriginal<typeof import('../../shared/rules')>()
  return { ...rules, linkLifetimesMs: { ...rules.linkLifetimesMs, confirm: 3 * 86_400_000, erase: 2 * 86_400_000, signIn: 20 * 60_000 } }
})

const { emailSamples } = await import('../../scripts/email-samples')
const real = (await vi.importActual<typeof import('../../shared/rules')>('../../shared/rules')).linkLifetimesMs
const lifetimeOf: Record<string, keyof typeof linkLifetimesMs> = { 'confirmation-email': 'confirm', 'erasure-email': 'erase', 'sign-in-email': 'signIn' }

describe('the lifetimes in the emails', () => {
  it('are changed here', () => {
    expect(linkLifetimesMs.confirm).not.toBe(real.confirm)
    expect(Object.keys(lifetimeOf).sort()).toEqual(emailSamples.map((sample) => sample.component).sort())
  })

  it.each(emailSamples.map((sample) => [sample.component, sample] as const))('%s says the lifetime of the constant it is sent under', (component, { build }) => {
    const purpose = lifetimeOf[component]!
    const mail = build()
    const preheader = /data-skip-in-text="true">([^<]+)/.exec(mail.html)?.[1] ?? ''
    for (const part of [preheader, mail.html, mail.text]) {
      expect(part).toContain(inWords(linkLifetimesMs[purpose]))
      for (const old of new Set(Object.values(real).map(inWords))) expect(part).not.toContain(old)
    }
  })
})
