import { redactPersonalData, redacted } from '../../../src/dev/redact'

describe('redactPersonalData', () => {
  it('hides names, email addresses and typed values, keeps the flow', () => {
    const event = {
      type: '@xstate.snapshot',
      event: { type: 'EMAIL_CHANGED', value: 'ann@example.com' },
      snapshot: {
        value: 'submitting',
        context: { firstName: 'Ann', email: 'ann@example.com', mailtoHref: 'mailto:x?body=ann', message: 'Submitting…', ok: null },
        children: { submitSignup: { input: { firstName: 'Ann', email: 'ann@example.com', source: 'site' } } },
      },
    }
    const safe = redactPersonalData(event)
    const text = JSON.stringify(safe)
    expect(text).not.toContain('ann@example.com')
    expect(text).not.toContain('Ann')
    expect(safe.event.value).toBe(redacted)
    expect(safe.snapshot.context.email).toBe(redacted)
    expect(safe.snapshot.value).toBe('submitting')
    expect(safe.snapshot.context.message).toBe('Submitting…')
    expect(safe.snapshot.children.submitSignup.input.source).toBe('site')
    expect(event.snapshot.context.email).toBe('ann@example.com')
  })

  it('leaves other events alone and survives cycles', () => {
    const cyclic: Record<string, unknown> = { type: 'SCROLLED', y: 12 }
    cyclic.self = cyclic
    const safe = redactPersonalData(cyclic)
    expect(safe.y).toBe(12)
    expect(safe.self).toBe('[circular]')
  })
})
