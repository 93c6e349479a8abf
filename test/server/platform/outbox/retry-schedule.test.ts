// @vitest-environment node
// The queue's one backoff (server/platform/outbox/retry-schedule.ts): the mail's doubling and the webhooks' list,
// each given up where its schedule ends, and the webhooks' erasure never.
import { describe, expect, it } from 'vitest'
import { doublingSchedule, listedSchedule } from '../../../../server/platform/outbox/retry-schedule'

describe('the retry schedules', () => {
  it('doubles from the base up to the cap, within the jitter, and gives up once the attempts are spent', () => {
    const mail = doublingSchedule({ baseMs: 2000, capMs: 10 * 60_000, maxAttempts: 12 })
    for (let run = 0; run < 50; run++) {
      for (const [attempts, base] of [[1, 2000], [2, 4000], [3, 8000], [9, 512_000], [10, 600_000], [11, 600_000]] as const) {
        const wait = mail(attempts)!
        expect(wait).toBeGreaterThanOrEqual(base * 0.8)
        expect(wait).toBeLessThanOrEqual(base * 1.2)
      }
    }
    expect([mail(12), mail(13)]).toEqual([undefined, undefined])
  })

  it('waits each wait of a list in turn and gives up after the last, or waits the last again when it never gives up', () => {
    const waits = [5_000, 300_000, 1_800_000]
    expect([1, 2, 3, 4].map(listedSchedule(waits))).toEqual([5_000, 300_000, 1_800_000, undefined])
    expect([1, 2, 3, 4, 40].map(listedSchedule(waits, { untilDone: true }))).toEqual([5_000, 300_000, 1_800_000, 1_800_000, 1_800_000])
  })
})
