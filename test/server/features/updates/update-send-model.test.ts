// @vitest-environment node
// Model-based test of an update's sending (machines/update-send-machine.ts) against the real server, on both
// engines. Every edge of the machine's graph (@xstate/graph: the shortest path to its source state plus that one
// event, every event offered in every state so that ignored events are tried too) is replayed on a new update
// whose audience is one new person, through what moves a sending in the product: EDIT is the console's save,
// SEND_NOW and SCHEDULE its send (now, or in an hour), UNSCHEDULE, PAUSE, RESUME and CANCEL its buttons, START the
// clock's look once the scheduled time has passed (the time is moved back first, as the consent model back-dates
// its delays), FINISH the clock and the outbox sender until nothing is left. After each step the stored state must
// be the machine's, a refused move must change nothing, and each move's actions must show: the audience taken, the
// queued emails withdrawn, the rest skipped.
import { transition, type AnyMachineSnapshot } from 'xstate'
import { updateSendMachine, type UpdateSendEvent } from '../../../../machines/update-send-machine'
import { updateKind } from '../../../../server/features/updates/update-sends'
import { definedTransitions, describeTransition, transitionPaths, transitionsTaken, type Model, type ModelPath } from '../../../../tools/admin-model'
import { eachEngine, type EngineUnderTest } from '../../../utils/engines'
import { signedInConsoleOn } from '../../admin-harness'

const events: UpdateSendEvent[] = ['EDIT', 'SEND_NOW', 'SCHEDULE', 'UNSCHEDULE', 'START', 'PAUSE', 'RESUME', 'CANCEL', 'FINISH'].map((type) => ({ type }) as UpdateSendEvent)
const model: Model = { machine: updateSendMachine, events, offerEveryEvent: true, serializeState: (snapshot) => JSON.stringify(snapshot.value) }
const paths: ModelPath[] = transitionPaths(model)

describe.each(eachEngine())('an update’s sending on $engine', (engine: EngineUnderTest) => {
  const { server, api } = signedInConsoleOn(engine)
  let people = 0

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const db = server().store.database.db
    const post = (route: string, payload?: unknown) => api('POST', route, payload)
    // The audience is one new person: nobody before them holds news any more.
    await db.updateTable('signups').set({ news_withdrawn_at: new Date().toISOString() }).where('news_withdrawn_at', 'is', null).execute()
    const email = `model.${++people}@example.com`
    await server().store.add({ email, emailNormalized: email, firstName: 'Mo', source: 'test', submissionId: null })
    await server().store.settled()
    const now = new Date().toISOString()
    await db
      .updateTable('signups')
      .set({ status: 'confirmed', confirmed_at: now, news_given_at: now, news_consent_version: '2026-11-27', news_withdrawn_at: null })
      .where('email_normalized', '=', email)
      .execute()
    const created = await post('/updates', { subject: `Model ${people}`, preheader: '', body: 'Words.' })
    const id = Number((await created.json()).update.id)

    const stored = async () => (await db.selectFrom('update_sends').select('state').where('update_id', '=', id).executeTakeFirst())?.state ?? 'draft'
    const everything = async () => ({
      update: await db.selectFrom('updates').selectAll().where('id', '=', id).execute(),
      send: await db.selectFrom('update_sends').selectAll().where('update_id', '=', id).execute(),
      recipients: await db.selectFrom('update_recipients').selectAll().where('update_id', '=', id).orderBy('id').execute(),
    })
    const ofThisUpdate = (state: string) =>
      db.selectFrom('update_recipients').select('id').where('update_id', '=', id).where('state', '=', state as 'waiting').execute()
    const queuedEmails = () =>
      db
        .selectFrom('outbox')
        .select('outbox.id')
        .innerJoin('update_recipients', 'update_recipients.id', 'outbox.subject_id')
        .where('outbox.kind', '=', updateKind)
        .where('outbox.finished_at', 'is', null)
        .where('update_recipients.update_id', '=', id)
        .execute()

    let before: AnyMachineSnapshot = updateSendMachine.resolveState({ value: 'draft', context: undefined })
    for (const { event, state: expected } of path.steps as { event: UpdateSendEvent; state: AnyMachineSnapshot }[]) {
      const [, actions] = transition(updateSendMachine, before, event)
      const moves = expected.value !== before.value || actions.length > 0
      const said = `${event.type} from ${String(before.value)}`
      const clock = event.type === 'START' || event.type === 'FINISH'
      if (event.type === 'START') await db.updateTable('update_sends').set({ send_at: new Date(Date.now() - 1000).toISOString() }).where('update_id', '=', id).execute()
      // While sending, the clock's look queues the next emails whatever the event: that is the pace, not a move.
      const unchanged = moves || (clock && before.value === 'sending') ? undefined : await everything()
      if (clock) {
        if (event.type === 'FINISH') {
          const sender = await server().store.startSender({ pollMs: 50 })
          await server().store.updateSends.tick(new Date())
          await sender.idle()
          await sender.stop()
        }
        await server().store.updateSends.tick(new Date())
      } else {
        const response =
          event.type === 'EDIT'
            ? await api('PUT', `/updates/${id}`, { subject: `Edited ${people}`, preheader: '', body: 'New words.' })
            : event.type === 'SEND_NOW'
              ? await post(`/updates/${id}/send`, { audience: 'everyone', perSecond: 1 })
              : event.type === 'SCHEDULE'
                ? await post(`/updates/${id}/send`, { audience: 'everyone', perSecond: 1, at: new Date(Date.now() + 3_600_000).toISOString() })
                : await post(`/updates/${id}/${event.type.toLowerCase()}`)
        expect(response.status, said).toBe(moves ? 200 : 409)
      }

      expect(await stored(), said).toBe(expected.value)
      if (unchanged) expect(await everything(), `${said}, ignored`).toEqual(unchanged)
      const done = actions.map((action) => action.type)
      if (done.includes('takeAudience')) expect((await db.selectFrom('update_recipients').select('id').where('update_id', '=', id).execute()).length, said).toBe(1)
      if (done.includes('withdrawWaiting')) expect(await queuedEmails(), said).toEqual([])
      if (done.includes('skipTheRest')) expect(await ofThisUpdate('waiting'), said).toEqual([])
      if (expected.value === 'done') expect((await ofThisUpdate('sent')).length, said).toBe(1)
      before = expected
    }
  })
})

describe('the sending model', () => {
  it('reaches every state and takes every transition the machine defines', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.map((step) => String(step.state.value))))
    expect([...reached].sort()).toEqual(['cancelled', 'done', 'draft', 'paused', 'scheduled', 'sending'])
    const taken = new Set(paths.flatMap((path) => transitionsTaken(updateSendMachine, path)))
    expect(definedTransitions(updateSendMachine).filter((definition) => !taken.has(definition)).map(describeTransition)).toEqual([])
  })

  it('also replays every event each state ignores', () => {
    const ignored = paths.filter((path) => {
      const [next, actions] = transition(updateSendMachine, path.edge.from, path.edge.event as UpdateSendEvent)
      return next.value === path.edge.from.value && actions.length === 0
    })
    expect(new Set(ignored.map((path) => String(path.edge.from.value)))).toEqual(new Set(['draft', 'scheduled', 'sending', 'paused', 'done', 'cancelled']))
  })
})
