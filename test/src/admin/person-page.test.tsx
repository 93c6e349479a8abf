// A person's page (issue 47) in each of its states, as the team meets them: every path of the person machine's graph
// (tools/admin-person-model.ts) is replayed against the real view, gesture by gesture (Try again, and Erase
// behind its question), the server's answers given when the test decides; after every step the screen must show the
// state the graph says. Then the page as the router mounts it, over the console's real client: a 404 reads as "no
// such person", and a member who may not erase sees no Erase.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate'
import { adminEraseMachine, type EraseTarget } from '../../../machines/admin-erase-machine'
import { adminPersonMachine, type AdminPersonStateName, type FetchedPerson } from '../../../machines/admin-person-machine'
import { PermissionsProvider } from '../../../src/admin/permissions'
import { PersonPage } from '../../../src/admin/person-page'
import { personMessages, PersonView } from '../../../src/admin/person-view'
import { transitionPaths, type ModelEvent, type ModelPath } from '../../../tools/admin-model'
import { personModel, personSample } from '../../../tools/admin-person-model'
import { describeModelGuards } from '../../utils/model-guards'

// jsdom has no modal dialogs: open and close as the browser would, by the `open` attribute.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '')
  }
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open')
  }
})

type Pending<T, I> = { input: I; resolve: (value: T) => void; reject: (error: Error) => void }

function renderPage() {
  const fetches: Pending<FetchedPerson, { personId: number }>[] = []
  const erasures: Pending<void, EraseTarget>[] = []
  const held = <T, I>(list: Pending<T, I>[]) => fromPromise<T, I>(({ input }) => new Promise((resolve, reject) => void list.push({ input, resolve, reject })))
  const person = createActor(adminPersonMachine.provide({ actors: { fetchPerson: held(fetches) } }), { input: { personId: personSample.signup.id } }).start()
  const erase = createActor(adminEraseMachine.provide({ actors: { eraseSignup: held(erasures) }, actions: { announceErased: () => person.send({ type: 'ERASED' }) } })).start()
  render(<PersonView person={person} erase={erase} />)
  return { person, erase, fetches, erasures, user: userEvent.setup() }
}
type Ui = ReturnType<typeof renderPage>

const heading = () => screen.getByRole('heading', { level: 2 })
const backToPeople = () => expect(screen.getByRole('link', { name: 'Back to People' })).toHaveAttribute('href', '/admin/people')
/** The value beside a term of the facts' definition list. */
const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling

const uiAssertions = {
  loading: () => {
    // Read again (after a lift), the record on screen stays while it loads.
    expect(heading()).toHaveTextContent(new RegExp(`^(Person #${personSample.signup.id}|ada@example.com)$`))
    expect(screen.getByText(personMessages.loading)).toHaveAttribute('role', 'status')
  },
  loaded: () => {
    expect(heading()).toHaveTextContent('ada@example.com')
    backToPeople()
    expect(fact('Signed up')).toHaveTextContent('2026-12-01 21:43 UTC')
    expect(fact('Confirmed')).toHaveTextContent('2026-12-01 21:50 UTC')
    expect(fact('Place in line')).toHaveTextContent('3')
    expect(fact('Their code')).toHaveTextContent('k7m2p9qx')
    expect(fact('Referred by')).toHaveTextContent('Nobody')
    expect(fact('Campaign')).toHaveTextContent('launch-week')
    expect(fact('Consent wording')).toHaveTextContent('version 2026-11-01')
    expect(fact('Email')).toHaveTextContent('Not suppressed')
    const referred = screen.getByRole('region', { name: 'Whom they referred' })
    expect(within(referred).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute('href', '/admin/people/8')
    expect(within(referred).getByRole('cell', { name: 'Credited' })).toBeInTheDocument()
    const emails = within(screen.getByRole('region', { name: 'Emails sent' })).getAllByRole('row').slice(1)
    expect(emails.map((row) => row.textContent)).toEqual(['welcomeSent2026-12-01 21:50 UTC2026-12-01 21:50 UTC', 'confirmSent2026-12-01 21:43 UTC2026-12-01 21:43 UTC'])
    expect(within(screen.getByRole('region', { name: 'Webhook deliveries' })).getByRole('cell', { name: 'https://hooks.example.com/stride' })).toBeInTheDocument()
    expect(screen.getByText('Not invited yet.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Erase ada@example.com' })).toBeInTheDocument()
    // The person's own copy of their data (issue 51), a plain download the server audits.
    expect(screen.getByRole('link', { name: 'Download ada@example.com’s copy of their data (JSON)' })).toHaveAttribute('href', `/api/admin/people/${personSample.signup.id}/copy.json`)
  },
  notFound: () => {
    expect(heading()).toHaveTextContent('No such person')
    expect(screen.getByText(personMessages.notFound(personSample.signup.id))).toBeInTheDocument()
    backToPeople()
    expect(screen.queryByRole('button', { name: /Erase/ })).toBeNull()
  },
  failed: () => {
    expect(screen.getByRole('alert')).toHaveTextContent(personMessages.failed)
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled()
  },
  erased: () => {
    expect(heading()).toHaveTextContent('Erased')
    expect(heading()).toHaveFocus()
    expect(screen.getByText('ada@example.com has been erased from the waitlist.')).toHaveAttribute('role', 'status')
    backToPeople()
    // Nothing of them stays on screen but who it was.
    expect(screen.queryByText('k7m2p9qx')).toBeNull()
    expect(screen.queryByRole('button', { name: /^Erase ada/ })).toBeNull()
  },
} satisfies Record<AdminPersonStateName, (snapshot: AnyMachineSnapshot) => void>

async function perform(ui: Ui, event: ModelEvent) {
  switch (event.type) {
    case 'RETRY':
      return ui.user.click(screen.getByRole('button', { name: 'Try again' }))
    case 'RELOAD':
      // What a lift announces (the lift's own gesture, on a suppressed person, is the test below).
      return act(async () => void ui.person.send({ type: 'RELOAD' }))
    case 'ERASED': {
      // The team's gesture: Erase, then the question's "Erase for good"; the erasure goes through.
      await ui.user.click(screen.getByRole('button', { name: 'Erase ada@example.com' }))
      const question = screen.getByRole('dialog', { name: 'Erase ada@example.com?' })
      await ui.user.click(within(question).getByRole('button', { name: 'Erase for good' }))
      expect(ui.erasures.map((request) => request.input)).toEqual([{ id: 7, email: 'ada@example.com' }])
      return act(async () => ui.erasures.at(-1)!.resolve())
    }
    case 'xstate.done.actor.fetchPerson':
      return act(async () => ui.fetches.at(-1)!.resolve(event.output as FetchedPerson))
    case 'xstate.error.actor.fetchPerson':
      return act(async () => ui.fetches.at(-1)!.reject(new Error('HTTP 500')))
  }
  throw new Error(`no gesture for ${event.type}`)
}

const paths: ModelPath[] = transitionPaths(personModel)

describe('a person’s page: every generated path replayed in the UI', () => {
  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_name, path) => {
    const ui = renderPage()
    uiAssertions.loading()
    for (const { event, state: expected } of path.steps) {
      await perform(ui, event)
      await waitFor(() => uiAssertions[expected.value as keyof typeof uiAssertions]())
      expect(ui.person.getSnapshot().value).toEqual(expected.value)
      expect(ui.fetches.every((request) => request.input.personId === 7)).toBe(true)
    }
    ui.person.stop()
    ui.erase.stop()
  })
})

describeModelGuards('a person’s page', { machine: adminPersonMachine, paths, uiAssertions })

describe('a person’s page as the router mounts it', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks the server for the person it names, and says so in words when there is no such person', async () => {
    const asked: string[] = []
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url)
      return new Response(JSON.stringify({ ok: false, message: 'No such signup (it may have been erased already).', code: 'not-found' }), { status: 404 })
    })
    render(<PersonPage personId={41} />)
    expect(await screen.findByRole('heading', { name: 'No such person' })).toBeInTheDocument()
    expect(screen.getByText(personMessages.notFound(41))).toBeInTheDocument()
    expect(asked).toEqual(['/api/admin/people/41'])
  })

  it('shows their answers with the wording answered, and a health answer the server held back as not shown to the role', async () => {
    const answered = {
      ...personSample,
      answers: {
        sensitiveConsent: { version: '2026-12-06', givenAt: '2026-12-06T10:00:00.000Z', withdrawnAt: null },
        given: [
          { questionId: 1, version: 2, wording: 'How far do you run now?', kind: 'single', sensitive: false, answer: 'Under 5 km', answeredAt: '2026-12-06T10:00:00.000Z' },
          { questionId: 2, version: 1, wording: 'Any pain when you run?', kind: 'short', sensitive: true, answer: null, answeredAt: '2026-12-06T10:00:00.000Z' },
        ],
      },
    } as const
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ ok: true, person: answered }), { status: 200 }))
    render(
      <PermissionsProvider permissions={['figures:read', 'people:read']}>
        <PersonPage personId={7} />
      </PermissionsProvider>,
    )
    const table = within(await screen.findByRole('region', { name: 'Answers' })).getByRole('table')
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['How far do you run now?', '2', 'Under 5 km'],
      ['Any pain when you run? (health)', '1', 'A health answer: not shown to your role'],
    ])
    expect(screen.getByText(/^Consent to the health questions: given /)).toBeInTheDocument()
  })

  it('shows no Erase to a member whose role may not erase', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ ok: true, person: personSample }), { status: 200 }))
    render(
      <PermissionsProvider permissions={['figures:read', 'people:read']}>
        <PersonPage personId={7} />
      </PermissionsProvider>,
    )
    expect(await screen.findByRole('heading', { name: 'ada@example.com' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Erase/ })).toBeNull()
    expect(screen.queryByRole('link', { name: /copy of their data/ })).toBeNull()
  })
  it('lifts a suppressed address from the Email row, then shows the server’s word; a member who may not sees no Lift', async () => {
    const suppressed = { ...personSample, suppression: { reason: 'hard-bounce', source: 'postmark', words: '550 unknown user', suppressedAt: '2026-12-06T10:00:00.000Z' } } as const
    const asked: [string, string | undefined][] = []
    let lifted = false
    vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
      asked.push([url, init?.body === undefined ? undefined : String(init.body)])
      if (url.endsWith('/suppressions/lift')) {
        lifted = true
        return new Response(JSON.stringify({ ok: true }), { status: 200 })
      }
      return new Response(JSON.stringify({ ok: true, person: lifted ? personSample : suppressed }), { status: 200 })
    })
    const user = userEvent.setup()
    const { unmount } = render(<PersonPage personId={7} />)
    const email = await screen.findByText(/^Suppressed 2026-12-06 10:00 UTC\. Refused for good, said by Postmark/)
    await user.click(within(email).getByRole('button', { name: 'Lift ada@example.com off the suppression list' }))
    await waitFor(() => expect(fact('Email')).toHaveTextContent('Not suppressed'))
    expect(asked).toEqual([
      ['/api/admin/people/7', undefined],
      ['/api/admin/suppressions/lift', JSON.stringify({ email: 'ada@example.com' })],
      ['/api/admin/people/7', undefined],
    ])
    unmount()

    lifted = false
    render(
      <PermissionsProvider permissions={['figures:read', 'people:read']}>
        <PersonPage personId={7} />
      </PermissionsProvider>,
    )
    expect(await screen.findByText(/^Suppressed 2026-12-06 10:00 UTC/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Lift/ })).toBeNull()
  })
})
