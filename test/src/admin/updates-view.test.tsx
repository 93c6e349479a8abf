// The console's updates (issue 31), as the team uses them: a draft written and saved, a refused link named beside the
// body and mended, the preview in light and dark frames that run nothing and the text as text, a test to oneself,
// the audiences with their counts, a send at a time in the team member's own time with a rate, a last look that
// repeats the audience and its count before anything is sent, and the record with only the moves the send's own
// machine allows (Pause while sending, Resume while paused, Cancel after a confirmation), polled while it sends.
// A refusal because the update moved on meanwhile shows where it stands now; a delete asks first.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminUpdatesMachine, recordPollMs, type SendMoveName } from '../../../machines/admin-updates-machine'
import { adminCohortMachine } from '../../../machines/admin-cohort-machine'
import type { AskedQuestion } from '../../../shared/questions'
import type { CohortAudiencesReply, SendRequest, UpdateDraft, UpdateInput } from '../../../shared/update-rows'
import { UpdatesView, updatesViewEffects } from '../../../src/admin/updates-view'
import { localToIso } from '../../../src/admin/update-send-form'
import type { ModelEvent } from '../../../tools/admin-model'
import { cohortTooSmallMessage, refusedBy, refusedLink, refusedLinkMessage, samples, updatesSamples, wrongStateMessage } from '../../../tools/admin-models'
import { questionsSamples } from '../../../tools/admin-questions-model'

type Server = {
  updates?: UpdateDraft[]
  save?: (id: number | null, input: UpdateInput) => Promise<UpdateDraft>
  fetched?: () => UpdateDraft
  move?: (move: SendMoveName) => UpdateDraft
  queued?: boolean[]
  /** The preview's answer, when the test decides when it comes. */
  preview?: () => Promise<typeof updatesSamples.preview>
  /** A send by answers (issue 52): the rules' questions, then each count of who matches (or its failure) in turn. */
  cohort?: { questions: AskedQuestion[]; counts: (CohortAudiencesReply | Error)[]; refuseSend?: Error }
}

/** The error a refusal's event carries, as admin-api-client.ts throws it. */
const thrown = (event: ModelEvent) => event.error

function start(server: Server = {}) {
  const requests: [string, unknown][] = []
  let stored: UpdateDraft | null = null
  const announced = { count: 0 }
  const actor = createActor(
    adminUpdatesMachine.provide({
      actors: {
        fetchUpdates: fromPromise(async () => {
          requests.push(['fetchUpdates', null])
          return stored ? [{ ...updatesSamples.list[0]!, state: stored.send?.state ?? 'draft' }] : []
        }),
        fetchUpdate: fromPromise(async ({ input }) => (requests.push(['fetchUpdate', input]), server.fetched?.() ?? stored!)),
        saveUpdate: fromPromise(async ({ input }) => {
          requests.push(['saveUpdate', input])
          stored = server.save ? await server.save(input.id, input.input) : { ...updatesSamples.draft, ...input.input }
          return stored
        }),
        fetchPreview: fromPromise(async ({ input }) => (requests.push(['fetchPreview', input]), server.preview ? server.preview() : updatesSamples.preview)),
        sendTest: fromPromise(async ({ input }) => (requests.push(['sendTest', input]), { to: samples.admin, queued: server.queued?.shift() ?? true })),
        fetchAudiences: fromPromise(async () => (requests.push(['fetchAudiences', null]), updatesSamples.audiences)),
        fetchMatchCounts: fromPromise(async ({ input }) => {
          requests.push(['fetchMatchCounts', input])
          const next = server.cohort!.counts.shift()!
          if (next instanceof Error) throw next
          return next
        }),
        startSend: fromPromise(async ({ input }) => {
          requests.push(['startSend', input])
          const refusal = server.cohort?.refuseSend
          if (refusal) throw (delete server.cohort!.refuseSend, refusal)
          const { request } = input as { request: SendRequest }
          const record = { ...updatesSamples.sending.send!.record, audience: 2, toGo: 2, sent: 0 }
          // The server's reply names a cohort's rules with the send (update-sends.ts).
          const match = request.match ? { match: request.match } : {}
          stored = { ...stored!, send: { ...updatesSamples.sending.send!, audience: request.audience, perSecond: request.perSecond ?? 10, record, ...match } }
          if (request.at) stored = { ...stored, send: { ...stored.send!, state: 'scheduled', sendAt: request.at, startedAt: null } }
          return stored
        }),
        moveSend: fromPromise(async ({ input }) => (requests.push(['moveSend', input]), (stored = server.move!(input.move)))),
        deleteUpdate: fromPromise(async ({ input }) => void requests.push(['deleteUpdate', input])),
      },
      actions: { ...updatesViewEffects, announceChange: () => void announced.count++ },
    }),
  ).start()
  const questions = server.cohort?.questions
  const cohort = questions && createActor(adminCohortMachine.provide({ actors: { fetchChoiceQuestions: fromPromise(async () => (requests.push(['fetchChoiceQuestions', null]), questions)) } })).start()
  render(<UpdatesView updates={actor} cohort={cohort} />)
  return { actor, requests, announced, stored: () => stored }
}

const body = () => screen.getByRole('textbox', { name: 'Body (Markdown)' })
/** user-event reads [ and { as keys: doubled, they are typed as themselves. */
const typed = (words: string) => words.replace(/[[{]/g, '$&$&')
/** The live regions hold their last words until new ones come: wait for these. */
const says = (role: 'status' | 'alert', words: string) => waitFor(() => expect(screen.getByRole(role)).toHaveTextContent(words))

async function writeDraft(user: ReturnType<typeof userEvent.setup>, words: string) {
  await user.click(await screen.findByRole('button', { name: 'Write an update' }))
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveFocus())
  await user.type(screen.getByRole('textbox', { name: 'Subject' }), updatesSamples.draft.subject)
  await user.type(screen.getByRole('textbox', { name: 'Preheader' }), updatesSamples.draft.preheader)
  await user.type(body(), typed(words))
}

describe('the updates section', () => {
  it('keeps the saved draft in its editor while its preview loads beside it, and shows the preview once it comes', async () => {
    const user = userEvent.setup()
    let answer = () => {}
    const answered = new Promise<void>((resolve) => (answer = resolve))
    const { actor } = start({ preview: () => answered.then(() => updatesSamples.preview) })
    await writeDraft(user, updatesSamples.draft.body)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() => expect(actor.getSnapshot().matches('refreshingPreview')).toBe(true))
    // Until the preview comes, the draft stays where the author was, editable, with the preview said to be loading.
    expect(body()).toHaveValue(updatesSamples.draft.body)
    expect(screen.getByRole('textbox', { name: 'Subject' })).toBeEnabled()
    expect(screen.getByText('Loading the preview…')).toBeInTheDocument()
    answer()
    expect(await screen.findByTitle('The update in a light inbox')).toBeInTheDocument()
    expect(body()).toHaveValue(updatesSamples.draft.body)
    actor.stop()
  })

  it('names a refused link beside the body, keeps the words, and saves them once mended', async () => {
    const user = userEvent.setup()
    let saves = 0
    const { actor, requests } = start({
      save: async (_id, input) => {
        if (saves++ === 0) throw thrown(refusedBy('saveUpdate', refusedLinkMessage, 'link-not-allowed', refusedLink))
        return { ...updatesSamples.draft, ...input }
      },
    })
    expect(await screen.findByText('No update has been written yet.')).toBeInTheDocument()
    await writeDraft(user, `Read [the notes](${refusedLink}).`)
    expect(screen.getByText('Links must start with https: or mailto:.', { exact: false })).toBeInTheDocument()
    // Nothing is previewed, tested or sent before it is saved: those buttons wait for a stored draft.
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await says('alert', refusedLinkMessage)
    expect(body()).toHaveAttribute('aria-invalid', 'true')
    const rule = 'Links must start with https: or mailto:. Raw HTML is not rendered, and images are not allowed: an image would tell us who opened the email.'
    expect(body()).toHaveAccessibleDescription(`Refused link: ${refusedLink} ${rule}`)
    expect(body()).toHaveValue(`Read [the notes](${refusedLink}).`)

    await user.clear(body())
    await user.type(body(), typed(updatesSamples.draft.body))
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await says('status', 'Saved.')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(body()).toHaveAttribute('aria-invalid', 'false')
    const { subject, preheader, body: words } = updatesSamples.draft
    expect(requests.filter(([id]) => id === 'saveUpdate').at(-1)).toEqual(['saveUpdate', { id: null, input: { subject, preheader, body: words } }])
    expect(screen.getByRole('heading', { name: 'Draft #1' })).toBeInTheDocument()
    // The saved draft's preview comes by itself, beside the editor (issue 47): no press, and "Saved." stays said.
    expect(await screen.findByRole('region', { name: 'Preview' })).toHaveTextContent(updatesSamples.preview.text)
    expect(requests.filter(([id]) => id === 'fetchPreview')).toEqual([['fetchPreview', { id: 1 }]])
    await says('status', 'Saved.')

    // Unsaved words again: the preview, the test and the send wait for them to be saved; the preview says it is
    // the saved draft's.
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), '!')
    expect(screen.getByText('Save your changes to preview, test or send them.')).toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'Preview' })).toHaveTextContent('This is the saved draft. Save to see your changes here.')
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveAttribute('aria-disabled', 'true')
    await user.click(screen.getByRole('button', { name: 'Preview' }))
    expect(requests.filter(([id]) => id === 'fetchPreview')).toHaveLength(1)
    actor.stop()
  })

  it('previews light and dark in frames that run nothing, the text as text, and sends a test to oneself', async () => {
    const user = userEvent.setup()
    const { actor, requests, announced } = start({ queued: [true, false] })
    await writeDraft(user, updatesSamples.draft.body)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await user.click(await screen.findByRole('button', { name: 'Preview' }))
    const heading = await screen.findByRole('heading', { name: 'Preview' })
    await waitFor(() => expect(heading).toHaveFocus())
    const light = screen.getByTitle('The update in a light inbox')
    const dark = screen.getByTitle('The update in a dark inbox')
    for (const [frame, html] of [[light, updatesSamples.preview.html], [dark, updatesSamples.preview.darkHtml]] as const) {
      expect(frame.tagName).toBe('IFRAME')
      expect(frame).toHaveAttribute('sandbox', '')
      expect(frame).toHaveAttribute('srcdoc', html)
    }
    const text = screen.getByRole('region', { name: 'The plain-text part' })
    expect(text.tagName).toBe('PRE')
    expect(text).toHaveTextContent(updatesSamples.preview.text)

    await user.click(screen.getByRole('button', { name: 'Send a test to myself' }))
    await says('status', `A test is on its way to ${samples.admin}.`)
    await user.click(screen.getByRole('button', { name: 'Send a test to myself' }))
    await says('status', `A test to ${samples.admin} is already on its way: it will carry these words.`)
    expect(requests.filter(([id]) => id === 'sendTest')).toEqual([['sendTest', { id: 1 }], ['sendTest', { id: 1 }]])
    expect(announced.count).toBe(3) // the save and both tests are in the audit log
    actor.stop()
  })

  it('shows each audience’s count, refuses nobody and a past time with no request, and sends only after a last look repeating the audience', async () => {
    const user = userEvent.setup()
    const { actor, requests } = start()
    await writeDraft(user, 'Hello.')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await user.click(await screen.findByRole('button', { name: 'Send to the list…' }))
    const form = await screen.findByRole('form', { name: `Send “${updatesSamples.draft.subject}” to the list` })
    await waitFor(() => expect(screen.getByRole('heading', { name: `Send “${updatesSamples.draft.subject}” to the list` })).toHaveFocus())
    const audiences = within(within(form).getByRole('group', { name: /^To whom/ })).getAllByRole('radio')
    expect(audiences.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Everyone who asked for news and updates: 3 people',
      'Not yet invited: 2 people',
      'Invited, not claimed: 1 person',
      'Claimed: 0 people',
    ])
    await user.click(within(form).getByRole('radio', { name: 'Claimed: 0 people' }))
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    await says('alert', 'Nobody is in “Claimed” now: choose another audience.')

    await user.click(within(form).getByRole('radio', { name: 'Not yet invited: 2 people' }))
    await user.click(within(form).getByRole('radio', { name: 'At a time' }))
    const at = within(form).getByLabelText('Date and time (your local time)')
    fireEvent.change(at, { target: { value: '2020-01-01T09:00' } })
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    await says('alert', 'Choose a time in the future, or send now.')
    fireEvent.change(at, { target: { value: '2099-03-01T09:30' } })
    await user.type(within(form).getByRole('spinbutton', { name: 'Emails a second (optional)' }), '1')
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))

    const look = await screen.findByRole('group', { name: 'Schedule for 2 people?' })
    await waitFor(() => expect(within(look).getByRole('heading')).toHaveFocus())
    const repeated = `“${updatesSamples.draft.subject}” goes to “Not yet invited”: 2 people now, from 2099-03-01 09:30 your time, at 1 email a second.`
    expect(look).toHaveTextContent(repeated)
    expect(requests.map(([id]) => id)).not.toContain('startSend')
    await user.click(within(look).getByRole('button', { name: 'Schedule for 2 people' }))
    const record = await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Scheduled` })
    await waitFor(() => expect(record).toHaveFocus())
    expect(requests.filter(([id]) => id === 'startSend')).toEqual([
      ['startSend', { id: 1, request: { audience: 'notInvited', at: localToIso('2099-03-01T09:30'), perSecond: 1 } }],
    ])
    // Scheduled: it may be unscheduled or cancelled, never paused.
    expect(screen.getByRole('button', { name: 'Unschedule' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cancel the send…' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument()
    actor.stop()
  })

  it('shows the record with only the moves the send allows, asks before cancelling, and fetches it again while it sends', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
      const skipped = { unsubscribed: 1, erased: 0, cancelled: 0, unknown: 0, suppressed: 0 }
      const sending = { ...updatesSamples.sending, send: { ...updatesSamples.sending.send!, record: { ...updatesSamples.sending.send!.record, skipped } } }
      const later = { ...sending, send: { ...sending.send, record: { ...sending.send.record, sent: 2, toGo: 0 } } }
      const fetched = [sending, later]
      const { actor, requests } = start({
        fetched: () => fetched.shift() ?? later,
        move: (move) => ({ ...later, send: { ...later.send, state: move === 'pause' ? 'paused' : move === 'resume' ? 'sending' : 'cancelled' } }),
      })
      await screen.findByText('No update has been written yet.')
      actor.send({ type: 'OPEN', id: 1 })
      const heading = await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Sending` })
      const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling
      expect(figure('Audience')).toHaveTextContent('3')
      expect(figure('Sent')).toHaveTextContent('1')
      expect(figure('Skipped')).toHaveTextContent('1')
      expect(screen.getByRole('list', { name: 'Why some were skipped' })).toHaveTextContent('1: unsubscribed from news and updates before their turn')
      expect(screen.getByRole('link', { name: 'Download the record as CSV' })).toHaveAttribute('href', '/api/admin/updates/1/record.csv')
      expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument()
      expect(screen.queryByRole('button', { name: 'Unschedule' })).not.toBeInTheDocument()
      expect(heading).toBeInTheDocument()

      await act(() => vi.advanceTimersByTimeAsync(recordPollMs))
      await waitFor(() => expect(figure('Sent')).toHaveTextContent('2'))
      expect(requests.filter(([id]) => id === 'fetchUpdate')).toHaveLength(2)

      await user.click(screen.getByRole('button', { name: 'Pause' }))
      expect(await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Paused` })).toBeInTheDocument()
      await says('status', 'Paused: nothing more leaves until it is resumed.')
      expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument()
      // Paused, nothing moves: no more fetches.
      await act(() => vi.advanceTimersByTimeAsync(recordPollMs * 3))
      expect(requests.filter(([id]) => id === 'fetchUpdate')).toHaveLength(2)

      await user.click(screen.getByRole('button', { name: 'Cancel the send…' }))
      const ask = await screen.findByRole('group', { name: 'Cancel the send for good?' })
      expect(requests.filter(([id]) => id === 'moveSend')).toHaveLength(1)
      await user.click(within(ask).getByRole('button', { name: 'Keep it' }))
      expect(screen.queryByRole('group', { name: 'Cancel the send for good?' })).not.toBeInTheDocument()
      await user.click(screen.getByRole('button', { name: 'Cancel the send…' }))
      await user.click(within(await screen.findByRole('group', { name: 'Cancel the send for good?' })).getByRole('button', { name: 'Cancel the send' }))
      expect(await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Cancelled` })).toBeInTheDocument()
      expect(requests.filter(([id]) => id === 'moveSend')).toEqual([['moveSend', { id: 1, move: 'pause' }], ['moveSend', { id: 1, move: 'cancel' }]])
      // Cancelled is for good: no move is left.
      for (const name of ['Pause', 'Resume', 'Unschedule', 'Cancel the send…']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument()
      actor.stop()
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows where the update stands now when a save is refused because it moved on, and deletes a draft only after asking', async () => {
    const user = userEvent.setup()
    let moved = false
    const { actor, requests } = start({
      save: async (id, input) => {
        if (id !== null && !moved) {
          moved = true
          throw thrown(refusedBy('saveUpdate', wrongStateMessage, 'wrong-state'))
        }
        return { ...updatesSamples.draft, ...input }
      },
      fetched: () => (moved ? updatesSamples.scheduled : updatesSamples.draft),
    })
    await writeDraft(user, 'Hello.')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await user.type(await screen.findByRole('textbox', { name: 'Subject' }), '!')
    await user.click(screen.getByRole('button', { name: 'Save changes' }))
    await says('alert', wrongStateMessage)
    expect(await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Scheduled` })).toBeInTheDocument()
    expect(requests.filter(([id]) => id === 'fetchUpdate')).toEqual([['fetchUpdate', { id: 1 }]])

    // Unscheduled by a colleague meanwhile: back to the list, then the draft opens in the editor again.
    moved = false
    await user.click(screen.getByRole('button', { name: 'Back to the list' }))
    await user.click(await screen.findByRole('button', { name: updatesSamples.draft.subject }))
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }))
    const question = { name: `Delete “${updatesSamples.draft.subject}”?` }
    await waitFor(() => expect(within(screen.getByRole('group', question)).getByRole('heading')).toHaveFocus())
    // Escape keeps it, as it closes a dialog; asked again, it is answered.
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('group', question)).not.toBeInTheDocument()
    expect(requests.map(([id]) => id)).not.toContain('deleteUpdate')
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }))
    const ask = await screen.findByRole('group', question)
    await user.click(within(ask).getByRole('button', { name: 'Delete the draft' }))
    await says('status', 'The draft is deleted.')
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Updates to the list' })).toHaveFocus())
    expect(requests.filter(([id]) => id === 'deleteUpdate')).toEqual([['deleteUpdate', { id: 1 }]])
    actor.stop()
  })
})

it('turns a datetime-local value, in the browser’s own time zone, into an ISO instant', () => {
  expect(localToIso('2099-03-01T09:30')).toBe(new Date(2099, 2, 1, 9, 30).toISOString())
  expect(localToIso('')).toBe('')
  expect(localToIso('2099-03-01')).toBe('')
})

describe('an update by answers (issue 52)', () => {
  const questions: AskedQuestion[] = questionsSamples.questions.slice(0, 2)
  const match = [{ questionId: 1, choices: ['Under 5 km'] }]

  async function openSendForm(user: ReturnType<typeof userEvent.setup>) {
    await writeDraft(user, 'Hello.')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await user.click(await screen.findByRole('button', { name: 'Send to the list…' }))
    return screen.findByRole('form', { name: `Send “${updatesSamples.draft.subject}” to the list` })
  }

  it('adds a rule by keyboard, counts who of the audience match before the send, and sends the rule with it', async () => {
    const user = userEvent.setup()
    const { actor, requests } = start({ cohort: { questions, counts: [{ ...updatesSamples.matchCounts, counts: { ...updatesSamples.matchCounts.counts, notInvited: 0 } }, updatesSamples.matchCounts] } })
    const form = await openSendForm(user)
    // The rules' questions are fetched only when a rule is added.
    expect(requests.map(([id]) => id)).not.toContain('fetchChoiceQuestions')
    within(form).getByRole('button', { name: 'Add a rule by answers' }).focus()
    await user.keyboard('{Enter}')
    const question = await within(form).findByRole('combobox', { name: 'Question of rule 1' })
    expect(within(question).getAllByRole('option').map((option) => option.textContent)).toEqual(questions.map((row) => row.wording))
    expect(screen.getByRole('group', { name: 'Rule 1' })).toHaveAccessibleDescription('The update goes only to the people of that audience whose answers match every rule.')

    // A rule with no answer is refused in words, with no request.
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    await says('alert', 'Choose one answer or more in each rule, or remove the rule.')
    expect(requests.map(([id]) => id)).not.toContain('fetchMatchCounts')

    await user.click(within(form).getByRole('checkbox', { name: 'Under 5 km' }))
    await user.click(within(form).getByRole('radio', { name: 'Not yet invited: 2 people' }))
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    await says('alert', 'Nobody in “Not yet invited” matches every rule now: change the rules or the audience.')
    await waitFor(() => expect(screen.getByRole('heading', { name: `Send “${updatesSamples.draft.subject}” to the list` })).toHaveFocus())

    await user.click(within(form).getByRole('radio', { name: 'Everyone who asked for news and updates: 3 people' }))
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    const look = await screen.findByRole('group', { name: 'Send to 2 people?' })
    await waitFor(() => expect(within(look).getByRole('heading')).toHaveFocus())
    expect(look).toHaveTextContent(
      `“${updatesSamples.draft.subject}” goes to the people of “Everyone who asked for news and updates” whose answers match every rule: 2 people now, of 3, starting now`,
    )
    expect(requests.filter(([id]) => id === 'fetchMatchCounts')).toEqual([['fetchMatchCounts', { match }], ['fetchMatchCounts', { match }]])
    expect(requests.map(([id]) => id)).not.toContain('startSend')
    await user.click(within(look).getByRole('button', { name: 'Send to 2 people' }))
    await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Sending` })
    expect(requests.filter(([id]) => id === 'startSend')).toEqual([['startSend', { id: 1, request: { audience: 'everyone', match } }]])
    actor.stop()
  })

  it('clears the rules once a send by them went out: it says it went to those who match, and the next update starts with none', async () => {
    const user = userEvent.setup()
    const { actor, requests } = start({ cohort: { questions, counts: [updatesSamples.matchCounts] } })
    const form = await openSendForm(user)
    await user.click(within(form).getByRole('button', { name: 'Add a rule by answers' }))
    await user.click(await within(form).findByRole('checkbox', { name: 'Under 5 km' }))
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    const look = await screen.findByRole('group', { name: 'Send to 2 people?' })
    await user.click(within(look).getByRole('button', { name: 'Send to 2 people' }))
    await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Sending` })
    await says('status', 'Sending to 2 people whose answers match the rules.')

    // The next update's send form has no rule: it goes to the whole audience unless rules are added anew.
    await user.click(screen.getByRole('button', { name: 'Back to the list' }))
    const next = await openSendForm(user)
    expect(within(next).getByRole('button', { name: 'Add a rule by answers' })).toBeEnabled()
    expect(within(next).queryByRole('combobox', { name: 'Question of rule 1' })).toBeNull()
    await user.click(within(next).getByRole('button', { name: 'Review the send' }))
    const plain = await screen.findByRole('group', { name: 'Send to 3 people?' })
    expect(plain).toHaveTextContent(`“${updatesSamples.draft.subject}” goes to “Everyone who asked for news and updates”: 3 people now, starting now`)
    await user.click(within(plain).getByRole('button', { name: 'Send to 3 people' }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^Sending to 2 people\.$/))
    expect(requests.filter(([id]) => id === 'fetchMatchCounts')).toHaveLength(1)
    expect(requests.filter(([id]) => id === 'startSend').map(([, input]) => input)).toEqual([
      { id: 1, request: { audience: 'everyone', match } },
      { id: 1, request: { audience: 'everyone' } },
    ])
    actor.stop()
  })

  it('shows a member who may not see people "fewer than 5" and the server’s refusal as given, and sends as before once the rule is removed', async () => {
    const user = userEvent.setup()
    const refusal = refusedBy('startSend', cohortTooSmallMessage, 'invalid').error as Error
    const { actor, requests } = start({ cohort: { questions, counts: [updatesSamples.matchHidden], refuseSend: refusal } })
    const form = await openSendForm(user)
    await user.click(within(form).getByRole('button', { name: 'Add a rule by answers' }))
    await user.click(await within(form).findByRole('checkbox', { name: 'Under 5 km' }))
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    const look = await screen.findByRole('group', { name: 'Send to fewer than 5 people?' })
    expect(look).toHaveTextContent('whose answers match every rule: fewer than 5 people now, of 3,')
    await user.click(within(look).getByRole('button', { name: 'Send to fewer than 5 people' }))
    await says('alert', cohortTooSmallMessage)
    await waitFor(() => expect(screen.getByRole('heading', { name: `Send “${updatesSamples.draft.subject}” to the list` })).toHaveFocus())

    await user.click(within(form).getByRole('button', { name: 'Remove rule 1' }))
    expect(within(form).queryByRole('combobox', { name: 'Question of rule 1' })).toBeNull()
    await user.click(within(form).getByRole('button', { name: 'Review the send' }))
    const plain = await screen.findByRole('group', { name: 'Send to 3 people?' })
    expect(plain).toHaveTextContent(`“${updatesSamples.draft.subject}” goes to “Everyone who asked for news and updates”: 3 people now, starting now`)
    await user.click(within(plain).getByRole('button', { name: 'Send to 3 people' }))
    await screen.findByRole('heading', { name: `“${updatesSamples.draft.subject}”: Sending` })
    expect(requests.filter(([id]) => id === 'fetchMatchCounts')).toHaveLength(1)
    expect(requests.filter(([id]) => id === 'startSend').map(([, input]) => input)).toEqual([
      { id: 1, request: { audience: 'everyone', match } },
      { id: 1, request: { audience: 'everyone' } },
    ])
    actor.stop()
  })
})
