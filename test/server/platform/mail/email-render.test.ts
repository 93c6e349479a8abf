// @vitest-environment node
// Every email builds in Node, as the outbox builds it when it sends (email-content.test.ts reads them in a DOM),
// both parts of it. How long a build takes is a benchmark's question, not a test's: npm run bench:email-render.
import { expect, it } from 'vitest'
import { emailSamples } from '../../../../scripts/email-samples'

it.each(emailSamples.map((sample) => [sample.component, sample] as const))('builds %s in Node, both parts', (_, { build }) => {
  const mail = build()
  expect(mail.html).toMatch(/^<!DOCTYPE html/i)
  expect(mail.html).toContain('</html>')
  expect(mail.text.trim()).not.toBe('')
})
