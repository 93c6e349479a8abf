// @vitest-environment node
// The outbox renders each email as it sends it, one at a time, within a send budget of seconds
// (server/platform/outbox/outbox-sender.ts): a render must stay a matter of milliseconds. Measured at a median of 1 to
// 4 ms an email on two shared cores (up to 15 ms under this suite while the machine was loaded 6-fold); the
// bound leaves room for that and still catches a render grown to a tenth of a second.
import { expect, it } from 'vitest'
import { emailSamples } from '../../../../scripts/email-samples'

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!

it.each(emailSamples.map((sample) => [sample.component, sample] as const))('builds %s, both parts, in milliseconds', (_, { build }) => {
  for (let warm = 0; warm < 5; warm++) build()
  const times = Array.from({ length: 21 }, () => {
    const started = performance.now()
    build()
    return performance.now() - started
  })
  expect(median(times)).toBeLessThan(50)
})
