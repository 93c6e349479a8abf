// The Overview (issue 47) as the team reads it each morning: every total with its definition beside it ("Confirmed
// now" apart from the funnel's "Ever confirmed"), the week's trend in words with a sign, the funnel from visit to
// activation with a bar beside each number, what is being sent, and the setup checklist, where an owner sets the
// invitation link by keyboard (a refusal in the server's words, then the checklist loads again) and a viewer reads
// the checklist without the form. A part the server could not give says so in its place; a failure offers a retry.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { createActor, fromPromise } from 'xstate'
import { adminInviteUrlMessages } from '../../../machines/admin-invite-url-machine'
import { adminSummaryMachine, type AdminSummary, type OverviewParts } from '../../../machines/admin-summary-machine'
import type { ConsoleSummary } from '../../../shared/console-api'
import { inviteUrlMessages } from '../../../shared/setup'
import { PermissionsProvider } from '../../../src/admin/permissions'
import { SummaryView } from '../../../src/admin/summary-view'
import { signupTrend } from '../../../src/admin/overview-figures'
import { samples } from '../../../tools/admin-models'

const sample = samples.summary as AdminSummary
const today = new Date('2026-11-27T12:00:00Z')
const sent: unknown[] = []
const server = setupServer(
  http.put('*/api/admin/settings/invite-url', async ({ request }) => {
    const body = (await request.json()) as { url: string }
    sent.push(body)
    return body.url.startsWith('https:')
      ? HttpResponse.json({ ok: true, url: body.url, from: 'console' })
      : HttpResponse.json({ ok: false, message: inviteUrlMessages.bad }, { status: 400 })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

function start(answers: (() => Promise<AdminSummary>)[], permissions?: Parameters<typeof PermissionsProvider>[0]['permissions']) {
  // Each ask takes the next answer, the last again after the end: its figures by the summary's call, its parts by theirs.
  let calls = 0
  let partsCalls = 0
  const answer = (count: number) => answers[Math.min(count, answers.length - 1)]!()
  const parts = async (): Promise<OverviewParts> => {
    const { setup, funnel, waves, sendRates } = await answer(partsCalls++).catch(() => ({ setup: null, funnel: null, waves: null, sendRates: null }))
    return { setup, funnel, waves, sendRates }
  }
  const machine = adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise<ConsoleSummary>(() => answer(calls++)), fetchParts: fromPromise(parts) } })
  const actor = createActor(machine, { input: {} }).start()
  const view = <SummaryView summary={actor} today={today} />
  render(permissions ? <PermissionsProvider permissions={permissions}>{view}</PermissionsProvider> : view)
  return { actor, calls: () => calls }
}
const region = (name: string) => screen.getByRole('region', { name })

describe('the Overview', () => {
  it('shows each total with its definition, the trend in words, the funnel with bars, the sends and the checklist', async () => {
    const perDay = [{ day: '2026-11-25', count: 6 }, { day: '2026-11-18', count: 4 }, { day: '2026-11-22', count: 3 }]
    const { actor } = start([async () => ({ ...sample, perDay })])
    const totals = await screen.findByRole('region', { name: 'Totals' })
    const confirmed = within(totals).getAllByRole('term').find((term) => term.textContent?.startsWith('Confirmed now'))
    expect(confirmed).toHaveTextContent('Confirmed nowConfirmed and waiting in line. Once invited, a person counts as invited instead.')
    expect(within(totals).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['3', '2', '1', '0'])
    // 9 in the 7 days to the 27th (the 22nd and the 25th), against 4 in the 7 before (the 18th).
    expect(totals).toHaveTextContent('Signups in the last 7 days (UTC): 9, up 5 (+125%) on the 7 days before (4).')

    const funnel = await within(region('Funnel')).findByRole('table', { name: /^From visit to activation, the last 30 days/ })
    const rows = within(funnel).getAllByRole('row').slice(1).map((row) => [...row.querySelectorAll('th, td')].slice(0, 2).map((cell) => cell.textContent))
    expect(rows).toEqual([['Visitors', '40'], ['Signed up', '13'], ['Ever confirmed', '1'], ['Invited', '0'], ['Claimed', '0'], ['Activated', '0']])
    expect([...funnel.querySelectorAll('[data-share]')].map((bar) => bar.getAttribute('data-share'))).toEqual(['100', '33', '3', '0', '0', '0'])
    expect(within(region('Funnel')).getByRole('table', { name: /^Signups by source/ })).toHaveTextContent('launch2')

    expect(region('Sending now')).toHaveTextContent('Outbox: 2 emails waiting, oldest 4 s')
    expect(region('Sending now')).toHaveTextContent('No wave of invitations yet.')
    expect(region('Sending now')).toHaveTextContent('1 confirmed person waits for an invitation. Waves are refused until the invitation link is set (see Setup).')
    expect(region('Setup')).toHaveTextContent('1 of 2 still to do.')
    expect(within(region('Setup')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^✓ Done: Mail serverSMTP_URL is set/),
      expect.stringMatching(/^✗ To do: Invitation linkSet the invitation link \(INVITE_URL\) in Settings below/),
    ])
    actor.stop()
  })

  it('shows the totals the moment they come, each other part in its place once the parts are in, whichever comes first', async () => {
    // The parts held back: the totals, the outbox and the chart show without them.
    let giveParts: (parts: OverviewParts) => void = () => {}
    const heldParts = new Promise<OverviewParts>((resolve) => (giveParts = resolve))
    const held = adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise<ConsoleSummary>(async () => sample), fetchParts: fromPromise(() => heldParts) } })
    const actor = createActor(held, { input: {} }).start()
    const { unmount } = render(<SummaryView summary={actor} today={today} />)
    const totals = await screen.findByRole('region', { name: 'Totals' })
    expect(within(totals).getAllByRole('definition').map((figure) => figure.textContent)).toEqual(['3', '2', '1', '0'])
    expect(totals).toHaveAttribute('aria-busy', 'false')
    expect(region('Sending now')).toHaveTextContent('Outbox: 2 emails waiting, oldest 4 s')
    for (const name of ['Funnel', 'Sending now', 'Setup']) {
      expect(region(name)).toHaveAttribute('aria-busy', 'true')
      expect(within(region(name)).getByRole('status')).toHaveTextContent('Loading…')
    }
    expect(screen.getByRole('img', { name: /signups/i })).toBeInTheDocument()
    giveParts({ setup: sample.setup, funnel: sample.funnel, waves: sample.waves, sendRates: null })
    expect(await within(region('Funnel')).findByRole('table', { name: /^From visit to activation/ })).toBeInTheDocument()
    for (const name of ['Funnel', 'Sending now', 'Setup']) expect(region(name)).toHaveAttribute('aria-busy', 'false')
    expect(region('Sending now')).toHaveTextContent('No wave of invitations yet.')
    expect(region('Setup')).toHaveTextContent('1 of 2 still to do.')
    expect(screen.queryByText('Loading…')).toBeNull()
    unmount()
    actor.stop()

    // The parts first: the figures are still what the Overview waits for.
    let giveFigures: (summary: ConsoleSummary) => void = () => {}
    const heldFigures = new Promise<ConsoleSummary>((resolve) => (giveFigures = resolve))
    const partsFirst = adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise(() => heldFigures), fetchParts: fromPromise(async () => ({ setup: sample.setup, funnel: sample.funnel, waves: sample.waves })) } })
    const second = createActor(partsFirst, { input: {} }).start()
    render(<SummaryView summary={second} today={today} />)
    await waitFor(() => expect(second.getSnapshot().context.parts).not.toBeNull())
    expect(screen.getByRole('status')).toHaveTextContent('Loading the figures…')
    giveFigures(sample)
    expect(await within(await screen.findByRole('region', { name: 'Funnel' })).findByRole('table', { name: /^From visit to activation/ })).toBeInTheDocument()
    expect(screen.queryByText('Loading…')).toBeNull()
    second.stop()
  })

  it('lets an owner set the invitation link by keyboard: a refusal in the server’s words, then saved, and the checklist loads again', async () => {
    const user = userEvent.setup()
    const { actor, calls } = start([async () => sample])
    const field = await screen.findByLabelText(/^Invitation link \(INVITE_URL\)/)
    await user.type(field, 'http://testflight.apple.com/join/x{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(inviteUrlMessages.bad)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(calls()).toBe(1)
    await user.clear(field)
    await user.type(field, 'https://testflight.apple.com/join/Stride01')
    await user.click(screen.getByRole('button', { name: 'Save the link' }))
    await waitFor(() => expect(screen.getByText(adminInviteUrlMessages.saved)).toBeInTheDocument())
    expect(sent.at(-1)).toEqual({ url: 'https://testflight.apple.com/join/Stride01' })
    await waitFor(() => expect(calls()).toBe(2))
    actor.stop()
  })

  it('shows a viewer the checklist without the form, and the environment’s link as words', async () => {
    const { actor } = start([async () => sample], ['figures:read'])
    await screen.findByRole('region', { name: 'Setup' })
    expect(screen.queryByLabelText(/^Invitation link/)).not.toBeInTheDocument()
    actor.stop()
    const fromEnvironment: AdminSummary = { ...sample, setup: { ...sample.setup!, inviteUrl: { url: 'https://x.example/', from: 'environment' } } }
    start([async () => fromEnvironment])
    expect(await screen.findByText(inviteUrlMessages.fromEnvironment)).toBeInTheDocument()
  })

  it('says which parts could not be read, and offers a retry when the figures could not be loaded', async () => {
    const user = userEvent.setup()
    const { actor } = start([async () => Promise.reject(new Error('HTTP 500')), async () => ({ ...sample, setup: null, funnel: null, waves: null })])
    expect(await screen.findByRole('alert')).toHaveTextContent('The figures could not be loaded.')
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('The funnel could not be read.')).toBeInTheDocument()
    expect(screen.getByText('The setup checklist could not be read.')).toBeInTheDocument()
    expect(screen.getByText('The invitations could not be read.')).toBeInTheDocument()
    actor.stop()
  })
})

it('says the trend with its sign in words, never by colour alone', () => {
  const day = (date: string, count: number) => ({ day: date, count })
  expect(signupTrend([day('2026-11-20', 10), day('2026-11-27', 4)], today).words).toBe('4, down 6 (−60%) on the 7 days before (10)')
  expect(signupTrend([day('2026-11-27', 4)], today).words).toBe('4, up 4 on the 7 days before (0)')
  expect(signupTrend([], today).words).toBe('0, the same as the 7 days before (0)')
})
