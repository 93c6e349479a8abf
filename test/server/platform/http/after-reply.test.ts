// @vitest-environment node
// The work a listed address causes (a token stored, an email sent) runs after its reply (server/platform/http/after-reply.ts),
// and not at once: begun the moment the response was written, it held up the client's reading of that very
// reply, so a listed address answered slower. It starts at a random moment in a window past the reply, so it
// lands at no fixed distance from it. Driven with fake timers: which moment, not how fast this machine is.
import { EventEmitter } from 'node:events'
import type { Context } from 'hono'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterRepliesSettled, afterReply, afterReplyDelayMs } from '../../../../server/platform/http/after-reply'
import { memorySenders } from '../../../utils/memory-sender'
import { runsOnBothEngines } from '../../../utils/store-suite'

runsOnBothEngines()

describe('afterReply', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A request's context as @hono/node-server gives it: the ServerResponse as `env.outgoing`. */
  function replying(): { c: Context; written: () => void } {
    const outgoing = Object.assign(new EventEmitter(), { closed: false })
    return { c: { env: { outgoing } } as unknown as Context, written: () => outgoing.emit('close') }
  }

  it('runs nothing before the reply is written, nor in the first milliseconds after it', () => {
    const { c, written } = replying()
    const work = vi.fn()
    afterReply(c, work)
    vi.advanceTimersByTime(afterReplyDelayMs.max * 2)
    expect(work).not.toHaveBeenCalled()
    written()
    vi.advanceTimersByTime(afterReplyDelayMs.min - 1)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(afterReplyDelayMs.max - afterReplyDelayMs.min + 1)
    expect(work).toHaveBeenCalledOnce()
  })

  it('starts the work at no fixed distance from the reply', () => {
    const started: number[] = []
    for (let index = 0; index < 200; index++) {
      const { c, written } = replying()
      const at = Date.now()
      afterReply(c, () => started.push(Date.now() - at))
      written()
      vi.advanceTimersByTime(afterReplyDelayMs.max)
    }
    expect(started).toHaveLength(200)
    expect(Math.min(...started)).toBeGreaterThanOrEqual(afterReplyDelayMs.min)
    expect(Math.max(...started)).toBeLessThanOrEqual(afterReplyDelayMs.max)
    // Spread over the window: more than half of its milliseconds are used.
    expect(new Set(started).size).toBeGreaterThan((afterReplyDelayMs.max - afterReplyDelayMs.min) / 2)
  })

  it('without a response to wait for (another host than Node), still starts only after the window opens', () => {
    const work = vi.fn()
    afterReply({ env: undefined } as unknown as Context, work)
    vi.advanceTimersByTime(afterReplyDelayMs.min - 1)
    expect(work).not.toHaveBeenCalled()
    vi.advanceTimersByTime(afterReplyDelayMs.max)
    expect(work).toHaveBeenCalledOnce()
  })

  it('lets a stop wait for the work of every reply sent, the database open until it is done', async () => {
    const { c, written } = replying()
    let finished = false
    afterReply(c, () => new Promise<void>((resolve) => setTimeout(() => resolve(void (finished = true)), 50)))
    written()
    const settled = afterRepliesSettled()
    await vi.advanceTimersByTimeAsync(afterReplyDelayMs.max + 50)
    await settled
    expect(finished).toBe(true)
  })
})

describe('the outbox sender', () => {
  const start = memorySenders()

  it('at work, looks again only for emails queued before the replies of the moment could be read', async () => {
    const claims: { dueBy: number; at: number }[] = []
    const { store, sender, sent } = await start({
      outbox: (outbox) => ({ ...outbox, claim: (now, limit, leaseMs) => (claims.push({ dueBy: now.getTime(), at: Date.now() }), outbox.claim(now, limit, leaseMs)) }),
    })
    claims.length = 0
    await store.add({ email: 'new@example.com', emailNormalized: 'new@example.com', firstName: 'Ann', source: 'stride-marketing-site', submissionId: null })
    await sender.idle()
    expect(sent.map((mail) => mail.to)).toEqual(['new@example.com'])
    // The look that found it took what was due then; the look right after its batch, nothing of the last moments.
    expect(claims.length).toBeGreaterThanOrEqual(2)
    expect(claims[0]!.at - claims[0]!.dueBy).toBeLessThan(afterReplyDelayMs.min)
    for (const claim of claims.slice(1)) expect(claim.at - claim.dueBy).toBeGreaterThanOrEqual(afterReplyDelayMs.min)
  })
})
