// The console as each role meets it (issue 46), at the network layer (msw): the areas a role may not use are not
// in its navigation, say so in words at their address and ask the server for nothing, each area asks for its own
// data only (issue 47), the controls a role may not press are hidden, and the role is named beside sign-out. An owner's Team section invites by keyboard, changes a role and removes after a question, each change
// one request through the route table, with the outcome where the keyboard goes; a refusal is the server's words.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { adminTeamMessages } from '../../../machines/admin-team-machine'
import { rolePermissions, type Role, type TeamMember } from '../../../shared/team'
import { ConsoleApp } from '../../../src/admin/console-app'
import { roleNames, roleWords } from '../../../src/admin/role-words'
import { analyticsSamples, samples, tableSamples, teamSamples, wavesSamples } from '../../../tools/admin-models'

let role: Role = 'owner'
let members: TeamMember[] = teamSamples.members
const asked: string[] = []
const posted: [string, unknown][] = []
const ok = (body: object) => HttpResponse.json({ ok: true, ...body })
const server = setupServer(
  http.get('*/api/admin/session', () => ok({ email: samples.admin, role, permissions: rolePermissions[role] })),
  http.get('*/api/admin/summary', () => ok(samples.summary)),
  http.get('*/api/admin/setup', () => ok(samples.summary.setup)),
  http.get('*/api/admin/analytics', () => ok(analyticsSamples.report)),
  http.get('*/api/admin/waves', () => ok({ ...wavesSamples.notReady, waves: [{ ...wavesSamples.started, funnel: { ...wavesSamples.started.funnel, expired: 1 } }] })),
  http.get('*/api/admin/updates', () => ok({ updates: [] })),
  http.get('*/api/admin/referrals', () => ok({ held: [], heldTotal: 0, heldAfter: null, topReferrers: [] })),
  http.get('*/api/admin/signups', () => ok(tableSamples.onlyPage)),
  http.get('*/api/admin/api-keys', () => ok({ keys: [] })),
  http.get('*/api/admin/webhooks', () => ok({ endpoints: [], eventTypes: [] })),
  http.get('*/api/admin/audit', () => ok({ entries: [], older: null })),
  http.get('*/api/admin/team', () => ok({ members })),
  http.post('*/api/admin/team/remove', async ({ request }) => {
    posted.push(['/team/remove', await request.json()])
    return HttpResponse.json({ ok: false, message: 'The last owner cannot be removed or given another role.' }, { status: 409 })
  }),
  http.post('*/api/admin/team/:what', async ({ request, params }) => {
    posted.push([`/team/${String(params.what)}`, await request.json()])
    return ok({ members: teamSamples.changed })
  }),
  http.post('*/api/admin/team', async ({ request }) => {
    posted.push(['/team', await request.json()])
    members = teamSamples.members
    return ok({ members })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
beforeEach(() => {
  asked.length = 0
  posted.length = 0
  members = teamSamples.members
  server.events.removeAllListeners()
  server.events.on('request:start', ({ request }) => void asked.push(new URL(request.url).pathname.replace('/api/admin', '')))
})

const region = (name: string) => screen.getByRole('region', { name })
const nav = () => screen.getByRole('navigation', { name: 'Console areas' })
/** Opens the console at an address, as a member whose role is `as`. */
function openConsole(as: Role, path = '/admin/') {
  role = as
  window.history.replaceState(null, '', path)
  render(<ConsoleApp />)
}
type User = ReturnType<typeof userEvent.setup>
/** The navigation's links, the menu opened first (jsdom applies no media query: the console is as on a phone). */
async function areaLinks(user: User) {
  const menu = within(await screen.findByRole('navigation', { name: 'Console areas' })).getByRole('button', { name: 'Menu' })
  if (menu.getAttribute('aria-expanded') === 'false') await user.click(menu)
  return within(nav()).getAllByRole('link')
}
/** Goes to an area the way a member does: its link in the navigation, through the menu. */
async function goTo(user: User, area: string) {
  await user.click((await areaLinks(user)).find((link) => link.textContent === area)!)
  await waitFor(() => expect(within(nav()).getByRole('link', { name: area, hidden: true })).toHaveAttribute('aria-current', 'page'))
}

it('shows an editor the figures, the invitations and the updates, and neither asks for nor shows the rest', async () => {
  const user = userEvent.setup()
  openConsole('editor')
  expect(await screen.findByText('editor')).toBeInTheDocument()
  expect(screen.getByText(/role:/).textContent).toBe('role: editor')
  expect((await areaLinks(user)).map((link) => link.textContent)).toEqual([
    'Overview',
    'Sources',
    'Invitations',
    'Updates',
  ])
  await goTo(user, 'Updates')
  await within(await screen.findByRole('region', { name: 'Updates' })).findByRole('button', { name: 'Write an update' })
  await goTo(user, 'Invitations')
  await within(await screen.findByRole('region', { name: 'Invitations' })).findAllByRole('table')
  for (const name of ['Signups', 'Referrals', 'API keys', 'Webhooks', 'Team', 'Audit log']) expect(screen.queryByRole('heading', { name }), name).toBeNull()
  // The invitations' figures, without the controls that invite or the funnel's CSV.
  expect(within(region('Invitations')).queryByRole('button', { name: /Send again to the expired/ })).toBeNull()
  expect(within(region('Invitations')).queryByRole('form', { name: 'Invite the next people' })).toBeNull()
  expect(screen.queryByRole('link', { name: /^Download (all|this search|the funnel|the record) as CSV$/ })).toBeNull()
  for (const path of ['/signups', '/referrals', '/api-keys', '/webhooks', '/team', '/audit']) expect(asked, path).not.toContain(path)
})

it('says in words, at an area’s address, that the role cannot use it and who can, and asks the server nothing for it', async () => {
  openConsole('editor', '/admin/people')
  const closed = await screen.findByRole('region', { name: 'People' })
  expect(closed).toHaveTextContent('Your role, editor, cannot use People. The roles that can use it are owner and people; ask an owner of the team if you need it.')
  await waitFor(() => expect(within(closed).getByRole('heading', { name: 'People' })).toHaveFocus())
  expect(document.title).toBe('People · Waitlist console')
  expect(within(nav()).queryByRole('link', { name: 'People', hidden: true })).toBeNull()
  expect(asked).toEqual(['/session'])
})

it('loads an area’s own data only, and says so when an address is no area', async () => {
  const user = userEvent.setup()
  openConsole('owner', '/admin/team')
  await within(await screen.findByRole('region', { name: 'Team' })).findByRole('row', { name: new RegExp(`^${samples.admin}`) })
  expect(asked).toEqual(['/session', '/team'])
  await goTo(user, 'Audit')
  await screen.findByRole('heading', { name: 'Audit log' })
  await waitFor(() => expect(asked).toEqual(['/session', '/team', '/audit']))
  cleanup()
  openConsole('owner', '/admin/no-such-area')
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Nothing here' })).toHaveFocus())
  await user.click(screen.getByRole('link', { name: 'Go to the Overview' }))
  expect(await screen.findByRole('heading', { name: 'Totals' })).toBeInTheDocument()
  expect(window.location.pathname).toMatch(/^\/admin\/?$/)
  // A person's page needs a person's number.
  cleanup()
  openConsole('owner', '/admin/people/not-a-number')
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Nothing here' })).toHaveFocus())
  cleanup()
  openConsole('owner', '/admin/people/12')
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Person #12' })).toHaveFocus())
  expect(document.title).toBe('Person 12 · Waitlist console')
})

it('shows an owner every area, the team among them, with the settings’ owner marked and no control to remove them', async () => {
  const user = userEvent.setup()
  openConsole('owner')
  expect((await areaLinks(user)).map((link) => link.textContent)).toEqual([
    'Overview',
    'People',
    'Sources',
    'Referrals',
    'Invitations',
    'Questions',
    'Updates',
    'Integrations',
    'Team',
    'Audit',
  ])
  await goTo(user, 'Team')
  const team = await screen.findByRole('region', { name: 'Team' })
  expect(await within(team).findByRole('row', { name: new RegExp(`^${samples.admin} Owner, from ADMIN_EMAILS`) })).toBeInTheDocument()
  expect(within(team).queryByRole('button', { name: `Remove ${samples.admin}` })).toBeNull()
  expect(within(team).getByRole('combobox', { name: `Role of ${teamSamples.editor}` })).toHaveValue('editor')
  expect(screen.getByText(/role:/).textContent).toBe('role: owner')
  const areaHeadings = { People: ['Signups'], Integrations: ['API keys', 'Webhooks'], Audit: ['Audit log'] }
  for (const [area, headings] of Object.entries(areaHeadings)) {
    await goTo(user, area)
    for (const name of headings) expect(await screen.findByRole('heading', { name }), name).toBeInTheDocument()
  }
  await goTo(user, 'People')
  expect(await screen.findByRole('link', { name: 'Download all as CSV' })).not.toHaveAttribute('href', expect.stringContaining('answers='))
  // The owner may read health answers: the CSV with them is a choice of its own (issue 52).
  expect(screen.getByRole('link', { name: 'With health answers (recorded in the audit log)' })).toHaveAttribute('href', expect.stringMatching(/\/signups\.csv\?answers=sensitive$/))
  await goTo(user, 'Invitations')
  expect(await screen.findByRole('link', { name: 'Download the funnel as CSV' })).toBeInTheDocument()
  expect(await within(region('Invitations')).findByRole('button', { name: /Send again to the expired/ })).toBeInTheDocument()
})

it('invites by keyboard, changes a role, and says a refusal in the server’s words where the removal was asked', async () => {
  const user = userEvent.setup()
  openConsole('owner')
  await goTo(user, 'Team')
  const team = await screen.findByRole('region', { name: 'Team' })
  await within(team).findByRole('row', { name: new RegExp(`^${teamSamples.editor}`) })

  // An address that will not do asks nothing and says so; then Tab to the role, choose it, Enter.
  const address = within(team).getByLabelText('Email address')
  await user.type(address, 'not-an-address{Enter}')
  expect(await within(team).findByRole('alert')).toHaveTextContent(adminTeamMessages.invalidEmail)
  expect(posted).toEqual([])
  await user.clear(address)
  await user.type(address, ' new.person@company.example ')
  await user.tab()
  expect(within(team).getByLabelText('Role')).toHaveFocus()
  // The choice is a role's name; what it may do is said below it, whole at any width.
  await user.selectOptions(within(team).getByLabelText('Role'), roleNames.sender)
  expect(within(team).getByLabelText('Role')).toHaveAccessibleDescription(roleWords.sender)
  await user.tab()
  expect(within(team).getByRole('button', { name: 'Invite' })).toHaveFocus()
  await user.keyboard('{Enter}')
  expect(await within(team).findByRole('status')).toHaveTextContent(adminTeamMessages.done({ kind: 'invite', email: 'new.person@company.example', role: 'sender' }))
  expect(posted).toEqual([['/team', { email: 'new.person@company.example', role: 'sender' }]])
  await waitFor(() => expect(document.getElementById('team-outcome')).toHaveFocus())
  expect(address).toHaveValue('')

  await user.selectOptions(within(team).getByRole('combobox', { name: `Role of ${teamSamples.editor}` }), 'people')
  expect(await within(team).findByRole('status')).toHaveTextContent(`${teamSamples.editor} is now people.`)
  expect(posted.at(-1)).toEqual(['/team/role', { email: teamSamples.editor, role: 'people' }])

  // Removing asks first, with the keyboard on the question; Keep them asks nothing.
  await user.click(within(team).getByRole('button', { name: `Remove ${teamSamples.editor}` }))
  const question = await within(team).findByRole('alertdialog')
  await waitFor(() => expect(question).toHaveFocus())
  await user.click(within(question).getByRole('button', { name: 'Keep them' }))
  expect(within(team).queryByRole('alertdialog')).toBeNull()
  expect(posted).toHaveLength(2)
  await user.click(within(team).getByRole('button', { name: `Remove ${teamSamples.editor}` }))
  await user.click(within(await within(team).findByRole('alertdialog')).getByRole('button', { name: `Remove ${teamSamples.editor}` }))
  expect(await within(team).findByRole('alert')).toHaveTextContent('The last owner cannot be removed or given another role.')
  expect(posted.at(-1)).toEqual(['/team/remove', { email: teamSamples.editor }])
})
