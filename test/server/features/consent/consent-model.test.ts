// @vitest-environment node
// Model-based test of a signup's consent (machines/signup-consent-machine.ts) against the real store, on both
// engines. Every edge of the machine's graph (@xstate/graph: the shortest path to its source state plus that
// one event, every event offered in every state so that ignored events are tried too) is replayed on a fresh
// database through the store's own API: CONFIRM and UNSUBSCRIBE use a token, SIGN_UP_AGAIN signs up again
// (after back-dating the last confirmation by the event's delay), ERASE is the console's erasure. After each
// step the stored status must be the machine's state, and the confirmation emails queued for the person must
// be the machine's queueConfirmation actions so far. A confirmation's fact (the invitation the person holds, when
// they come back after unsubscribing) is staged first, as the CLAIM's is. The launch's events (issue 22) go through the invitations
// store: INVITE is a wave of one (a wave of the expired again, from expired), CLAIM the invitation link's button
// (an open invitation set up first, or the person's open one ended first, as the event's fact says), EXPIRE the
// launch ticker's sweep once the invitation's end has passed.
import { transition, type AnyMachineSnapshot } from 'xstate'
import { signupConsentMachine, RESEND_AFTER_MS, type ConsentEvent } from '../../../../machines/signup-consent-machine'
import { openStore } from '../../../../tools/open-store'
import { canonicalAddress } from '../../../../shared/mailbox'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type Model, type ModelPath } from '../../../../tools/admin-model'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { saveLinkTokens } from '../../../../server/platform/secrets/link-tokens'

const events: ConsentEvent[] = [
  { type: 'CONFIRM' },
  { type: 'CONFIRM', invitation: 'open' },
  { type: 'CONFIRM', invitation: 'claimed' },
  { type: 'CONFIRM', invitation: 'ended' },
  { type: 'UNSUBSCRIBE' },
  { type: 'SIGN_UP_AGAIN', msSinceLastQueued: 0 },
  { type: 'SIGN_UP_AGAIN', msSinceLastQueued: RESEND_AFTER_MS + 60_000 },
  { type: 'ERASE' },
  { type: 'INVITE' },
  { type: 'CLAIM', invitationOpen: true },
  { type: 'CLAIM', invitationOpen: false },
  { type: 'EXPIRE' },
]
// Every event in every state, not only those a state handles: the store must ignore what the machine ignores.
const model: Model = {
  machine: signupConsentMachine,
  events,
  offerEveryEvent: true,
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
}
const paths: ModelPath[] = transitionPaths(model)

const person = { email: 'Ann@Example.com', firstName: 'Ann', source: 'stride-marketing-site', submissionId: null }
const signup = { ...person, emailNormalized: canonicalAddress(person.email)! }

describe.each(eachEngine())('a signup’s consent on the $engine store', (engine: EngineUnderTest) => {
  beforeAll(() => engine.setup(), 60_000)
  // Removing a cluster that holds a database per path (some 90) takes seconds on a loaded machine.
  afterAll(() => engine.teardown(), 60_000)

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const url = await engine.newDatabase()
    const store = await openStore(url)
    // Each path's store closes with its test, not all at the end.
    onTestFinished(() => store.close().catch(() => {}))
    const consent = store.consent
    const sql = (query: string) => engine.query(url, query)
    const timestamp = (date: Date) => (engine.engine === 'sqlite' ? `'${date.toISOString()}'` : `'${date.toISOString()}'::timestamptz`)

    expect(await store.add(signup)).toBe('added')
    const [{ id }] = (await sql(`SELECT id FROM signups`)) as [{ id: unknown }]
    const signupId = Number(id)
    // No sender runs here, so every queued confirmation stays unfinished.
    const confirmationsQueued = async () =>
      Number((await sql(`SELECT count(*) AS n FROM outbox WHERE kind = 'confirm' AND finished_at IS NULL AND signup_id = ${signupId}`))[0]!.n)
    // Everything the store keeps about the person, for events the machine ignores.
    const snapshot = async () => ({
      signup: await sql(`SELECT * FROM signups WHERE id = ${signupId}`),
      outbox: await sql(`SELECT * FROM outbox WHERE signup_id = ${signupId} ORDER BY id`),
      tokens: await sql(`SELECT token_hash, purpose, expires_at FROM consent_tokens WHERE signup_id = ${signupId} ORDER BY token_hash`),
      erased: await sql(`SELECT count(*) AS n FROM erased_emails`),
    })
    let expectedQueued = 1 // the machine's entry action: a new signup queues its confirmation
    let tokens = 0

    let before: AnyMachineSnapshot = signupConsentMachine.resolveState({ value: 'pending', context: undefined })
    for (const { event, state: expected } of path.steps as { event: ConsentEvent; state: AnyMachineSnapshot }[]) {
      const [, actions] = transition(signupConsentMachine, before, event)
      const moves = expected.value !== before.value || actions.length > 0
      const now = new Date()
      let unchanged: Awaited<ReturnType<typeof snapshot>> | undefined
      if (event.type === 'CONFIRM' || event.type === 'UNSUBSCRIBE') {
        // A confirmation's fact is the invitation the person holds: none (their invitations go), or a latest one
        // still open, claimed, or past its end.
        if (event.type === 'CONFIRM' && event.invitation === undefined) await sql(`DELETE FROM invitations WHERE signup_id = ${signupId}`)
        if (event.type === 'CONFIRM' && event.invitation !== undefined) {
          const open = event.invitation !== 'ended'
          await sql(`INSERT INTO waves (kind, started_by, started_at, size) VALUES ('next', 'stage', ${timestamp(now)}, 1)`)
          await sql(
            `INSERT INTO invitations (wave_id, signup_id, invited_at, expires_at, claimed_at) SELECT max(id), ${signupId}, ${timestamp(now)}, ` +
              `${timestamp(new Date(now.getTime() + (open ? 3_600_000 : -1000)))}, ${event.invitation === 'claimed' ? timestamp(now) : 'NULL'} FROM waves`,
          )
        }
        if (!moves) unchanged = await snapshot()
        const purpose = event.type === 'CONFIRM' ? 'confirm' : 'unsubscribe'
        const hash = `token-${++tokens}`
        await saveLinkTokens(store.database.db, [{ hash, purpose, personId: signupId, expiresAt: new Date(now.getTime() + 3_600_000) }])
        expect((await consent.useToken(purpose, hash, now)) !== undefined, `${event.type} from ${String(before.value)}`).toBe(moves)
      } else if (event.type === 'SIGN_UP_AGAIN') {
        // Back-dating the last confirmation never queues one (only moving it forward does), so this sets the
        // stage for the event's delay without sending anything.
        if (event.msSinceLastQueued > 0)
          await sql(`UPDATE signups SET confirmation_queued_at = ${timestamp(new Date(now.getTime() - event.msSinceLastQueued))} WHERE id = ${signupId}`)
        if (!moves) unchanged = await snapshot()
        expect(await store.add(signup)).toBe('duplicate')
        await store.settled()
      } else if (event.type === 'INVITE') {
        if (!moves) unchanged = await snapshot()
        const wave =
          before.value === 'expired'
            ? await store.invitations.inviteAgain(Number((await sql(`SELECT max(wave_id) AS w FROM invitations`))[0]!.w), 'team@company.example', now)
            : await store.invitations.startWave({ count: 1, by: 'team@company.example', kind: 'next', now })
        expect(wave.ok, `INVITE from ${String(before.value)}`).toBe(moves)
      } else if (event.type === 'CLAIM') {
        // Setting the stage as the fact says: an open invitation for the person, or none.
        const open = `signup_id = ${signupId} AND claimed_at IS NULL AND expired_at IS NULL`
        if (event.invitationOpen && Number((await sql(`SELECT count(*) AS n FROM invitations WHERE ${open}`))[0]!.n) === 0) {
          await sql(`INSERT INTO waves (kind, started_by, started_at, size) VALUES ('next', 'stage', ${timestamp(now)}, 1)`)
          await sql(
            `INSERT INTO invitations (wave_id, signup_id, invited_at, expires_at) SELECT max(id), ${signupId}, ${timestamp(now)}, ${timestamp(new Date(now.getTime() + 3_600_000))} FROM waves`,
          )
        }
        if (!event.invitationOpen) await sql(`UPDATE invitations SET expires_at = ${timestamp(new Date(now.getTime() - 1000))} WHERE ${open}`)
        if (!moves) unchanged = await snapshot()
        const hash = `token-${++tokens}`
        await saveLinkTokens(store.database.db, [{ hash, purpose: 'invite', personId: signupId, expiresAt: new Date(now.getTime() + 3_600_000) }])
        expect(await store.invitations.claim(hash, now), `CLAIM from ${String(before.value)}`).toBe(moves)
      } else if (event.type === 'EXPIRE') {
        await sql(`UPDATE invitations SET expires_at = ${timestamp(new Date(now.getTime() - 1000))} WHERE signup_id = ${signupId} AND claimed_at IS NULL AND expired_at IS NULL`)
        if (!moves) unchanged = await snapshot()
        expect((await store.invitations.tick(now)).expired > 0, `EXPIRE from ${String(before.value)}`).toBe(moves)
      } else {
        if (!moves) unchanged = await snapshot()
        expect(await consent.eraseById(signupId, now), `ERASE from ${String(before.value)}`).toBe(moves)
      }
      if (actions.some((action) => action.type === 'queueConfirmation')) expectedQueued++
      if (expected.value === 'erased') expectedQueued = 0 // erasure deletes every email queued for the person

      expect(await consent.statusOf(signup.emailNormalized)).toBe(expected.value)
      expect(await confirmationsQueued()).toBe(expectedQueued)
      // What the machine ignores, the store ignores: not a field changes (the used token is gone either way).
      if (unchanged) expect(await snapshot(), `${event.type} ignored in ${String(before.value)}`).toEqual(unchanged)
      before = expected
    }
  })
})

describe('the consent model', () => {
  it('reaches every state and takes every transition the machine defines, the guarded one both ways', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))))
    expect([...reached].sort()).toEqual(['claimed', 'confirmed', 'erased', 'expired', 'invited', 'pending', 'unsubscribed'])
    const taken = new Set(paths.flatMap((path) => transitionsTaken(signupConsentMachine, path)))
    const missing = definedTransitions(signupConsentMachine).filter((definition) => !taken.has(definition))
    expect(missing.map(describeTransition)).toEqual([])
    const resendEdges = paths.filter((path) => path.edge.event.type === 'SIGN_UP_AGAIN' && path.edge.from.value === 'pending')
    expect(resendEdges.map((path) => Number(path.edge.event.msSinceLastQueued) >= RESEND_AFTER_MS).sort()).toEqual([false, true])

  })

  it('also replays every event a state ignores, confirming a confirmed signup among them', () => {
    const ignored = paths.filter((path) => {
      const [next, actions] = transition(signupConsentMachine, path.edge.from, path.edge.event as ConsentEvent)
      return next.value === path.edge.from.value && actions.length === 0
    })
    const described = ignored.map((path) => `${String(path.edge.from.value)} ${path.edge.event.type}`)
    expect(described).toContain('confirmed CONFIRM')
    // Each state ignores something (erased: everything).
    expect(new Set(ignored.map((path) => String(path.edge.from.value)))).toEqual(new Set(['pending', 'confirmed', 'invited', 'claimed', 'expired', 'unsubscribed', 'erased']))
  })
})
