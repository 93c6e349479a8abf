// @vitest-environment node
// The signup's reply floor (platform/http/reply-floor.ts): a first signup and a repeat both leave no sooner than
// signupReplyFloorMs after their request, even when the store answers at once, so what the store's writing costs
// for a new address is hidden below it. The store here answers at once, to show the floor is the route's own.
import { describe, expect, it } from 'vitest'
import { signupReplyFloorMs, signupRoutes } from '../../../../server/features/signup/signup-routes'
import { createRateLimiter } from '../../../../server/platform/http/rate-limit'
import type { OriginCheck } from '../../../../server/platform/http/api-guard'

const anyOrigin: OriginCheck = () => async (_c, next) => next()

describe("the signup's reply floor", () => {
  it('holds a first signup and a repeat each to the floor, though the store answers at once', async () => {
    const outcomes = ['added', 'duplicate'] as const
    let asked = 0
    const app = signupRoutes({
      signups: { add: async () => outcomes[asked++ % 2]! },
      limiter: createRateLimiter({ max: 100, windowMs: 60_000 }),
      clientKey: () => undefined,
      originCheck: anyOrigin,
    })
    const body = JSON.stringify({ email: 'ann@example.com', firstName: 'Ann', source: 'stride-marketing-site' })
    const post = () => app.request('/', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body })
    await (await post()).text() // warm: the first request also loads the route's code
    asked = 0
    for (const outcome of outcomes) {
      const started = performance.now()
      const response = await post()
      await response.text()
      const took = performance.now() - started
      expect(response.status, outcome).toBe(200)
      expect(took, outcome).toBeGreaterThanOrEqual(signupReplyFloorMs)
    }
    expect(asked).toBe(2)
  })
})
