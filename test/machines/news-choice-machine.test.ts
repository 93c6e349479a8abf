// @vitest-environment node
// The news choice machine's rules, on a real actor: it sends the choice it offers with the token it holds; an
// answer that worked offers the other choice with the token the answer handed on (so taking it back is one press,
// as giving it was); a refusal offers nothing; the 15 s time-out aborts the request.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { newsChoiceMachine, type NewsReply } from '../../machines/news-choice-machine'
import type { NewsChoice } from '../../shared/email-purposes'
import { samples } from '../utils/consent-models'

type Sent = { token: string; news: NewsChoice }

/** An actor whose request records what it was asked and answers with the next of `replies`. */
function started(offer: NewsChoice, replies: NewsReply[]) {
  const sent: Sent[] = []
  const machine = newsChoiceMachine.provide({
    actors: {
      sendChoice: fromPromise<NewsReply, Sent>(async ({ input }) => {
        sent.push(input)
        return replies.shift()!
      }),
    },
  })
  const actor = createActor(machine, { input: { endpointConfigured: true, offer } }).start()
  actor.send({ type: 'LINK_READ', token: samples.token })
  return { actor, sent }
}

const press = async (actor: ReturnType<typeof started>['actor']) => {
  actor.send({ type: 'SUBMIT' })
  return waitFor(actor, (state) => !state.matches('submitting'))
}

afterEach(() => vi.useRealTimers())

describe('the news choice machine', () => {
  it('offers the other choice after each answer, with the token that answer handed on', async () => {
    const { actor, sent } = started('on', [
      { ...samples.newsOn, nextToken: 'second_' + 'a'.repeat(36) },
      { ok: true, message: "Done: we won't send you news and updates.", answered: true, nextToken: 'third_' + 'b'.repeat(37) },
    ])
    expect((await press(actor)).context).toMatchObject({ offer: 'off', token: 'second_' + 'a'.repeat(36), ok: true })
    expect((await press(actor)).context).toMatchObject({ offer: 'on', token: 'third_' + 'b'.repeat(37), message: "Done: we won't send you news and updates." })
    expect(sent).toEqual([
      { token: samples.token, news: 'on' },
      { token: 'second_' + 'a'.repeat(36), news: 'off' },
    ])
  })

  it('offers nothing after a refusal: pressing again cannot help', async () => {
    const { actor } = started('on', [samples.newsRefused])
    const snapshot = await press(actor)
    expect(snapshot.value).toBe('refused')
    expect(snapshot.can({ type: 'SUBMIT' })).toBe(false)
    expect(snapshot.hasTag('actionable')).toBe(false)
  })

  it('gives up after 15 s, aborting the request, and lets the person try again', async () => {
    vi.useFakeTimers()
    const signals: AbortSignal[] = []
    const machine = newsChoiceMachine.provide({
      actors: { sendChoice: fromPromise<NewsReply, Sent>(({ signal }) => new Promise(() => void signals.push(signal))) },
    })
    const actor = createActor(machine, { input: { endpointConfigured: true, offer: 'off' } }).start()
    actor.send({ type: 'LINK_READ', token: samples.token })
    actor.send({ type: 'SUBMIT' })
    await vi.advanceTimersByTimeAsync(14_999)
    expect([actor.getSnapshot().value, signals[0]?.aborted]).toEqual(['submitting', false])
    await vi.advanceTimersByTimeAsync(1)
    expect([actor.getSnapshot().value, signals[0]?.aborted]).toEqual(['failure', true])
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(true)
  })

  it('shows nothing without an endpoint or without a token', () => {
    const noEndpoint = createActor(newsChoiceMachine, { input: { endpointConfigured: false, offer: 'on' } }).start()
    expect(noEndpoint.getSnapshot().value).toBe('byEmail')
    const noToken = createActor(newsChoiceMachine, { input: { endpointConfigured: true, offer: 'on' } }).start()
    noToken.send({ type: 'LINK_READ', token: '   ' })
    expect(noToken.getSnapshot().value).toBe('missingToken')
  })
})
