// The console's invitations (issue 22), as the team uses them from the keyboard: who is next before anyone is
// invited (focus on the preview), the wave's one request naming the first person shown, a 409 that shows the new
// head of the line instead of inviting, a bad count refused without a request, INVITE_URL missing, the funnel table
// with "send again" on the waves that have expired invitations, and the pace's local time sent as UTC.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminWavesMachine } from '../../../machines/admin-waves-machine'
import type { CohortNextUp, NextUp, WaveRequest, WavesOverview } from '../../../shared/launch-rows'
import { adminCohortMachine } from '../../../machines/admin-cohort-machine'
import type { AskedQuestion } from '../../../shared/questions'
import { questionsSamples } from '../../../tools/admin-questions-model'
import { localToUtc, utcToLocal, WavesView, wavesViewEffects } from '../../../src/admin/waves-view'
import { fewerThanFiveMessage, listChangedMessage, wavesSamples } from '../../../tools/admin-models'

const person = (id: number, place: number) => ({ id, place, firstName: `P${id}`, email: `p${id}@example.com` })
const firstUp: NextUp = { people: [person(11, 1), person(12, 2)], count: 60, waiting: 80 }
const afterOtherTab: NextUp = { people: [person(31, 1), person(32, 2)], count: 60, waiting: 20 }
const overview: WavesOverview = { ...wavesSamples.overview, waiting: 80 }

function start(options: { overview?: WavesOverview; previews?: NextUp[]; startWave?: (input: WaveRequest) => Promise<void> } = {}) {
  const previews = options.previews ?? [firstUp]
  const requests: [string, unknown][] = []
  const announced = { count: 0 }
  const actor = createActor(
    adminWavesMachine.provide({
      actors: {
        fetchWaves: fromPromise(async () => (requests.push(['fetchWaves', null]), options.overview ?? overview)),
        fetchNextUp: fromPromise(async ({ input }) => (requests.push(['fetchNextUp', input]), previews.shift() ?? firstUp)),
        startWave: fromPromise(async ({ input }) => {
          requests.push(['startWave', input])
          await options.startWave?.(input)
          return { ...wavesSamples.started, funnel: { ...wavesSamples.started.funnel, invited: input.count } }
        }),
        setPace: fromPromise(async ({ input }) => (requests.push(['setPace', input]), { ...wavesSamples.pace, ...input })),
      },
      actions: { ...wavesViewEffects, announceInvited: () => void announced.count++ },
    }),
  ).start()
  render(<WavesView waves={actor} />)
  return { actor, requests, announced }
}

describe('the invitations panel', () => {
  it('shows who is next, moves focus there, and invites them with one request naming the first person', async () => {
    const user = userEvent.setup()
    const { actor, requests, announced } = start()
    expect(await screen.findByText(/^80 confirmed people are waiting for an invitation\./)).toBeInTheDocument()
    await user.type(screen.getByRole('spinbutton', { name: 'Invite the next people' }), '60{Enter}')
    const heading = await screen.findByRole('heading', { name: 'The next 60 people in line' })
    await waitFor(() => expect(heading).toHaveFocus())
    const rows = within(screen.getByRole('table', { name: /^Who this wave would invite/ })).getAllByRole('row')
    expect(rows.map((row) => row.textContent)).toEqual(['PlaceNameEmail', '1P11p11@example.com', '2P12p12@example.com'])
    expect(screen.getByText('and 58 more')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Invite these 60 people' }))
    expect(await screen.findByText('Invited 60 people in wave #4.')).toHaveRole('status')
    expect(requests.filter(([id]) => id === 'startWave')).toEqual([['startWave', { count: 60, firstId: 11 }]])
    expect(announced.count).toBe(1)
    await waitFor(() => expect(screen.getByRole('spinbutton', { name: 'Invite the next people' })).toHaveFocus())
    actor.stop()
  })

  it('shows the new head of the line when another tab started a wave meanwhile, and invites nobody blindly', async () => {
    const user = userEvent.setup()
    const refused = Object.assign(new Error(listChangedMessage), { name: 'ServerMessage', code: 'list-changed' })
    let attempts = 0
    const { actor, requests } = start({
      previews: [firstUp, afterOtherTab],
      startWave: async () => {
        if (attempts++ === 0) throw refused
      },
    })
    await user.type(await screen.findByRole('spinbutton', { name: 'Invite the next people' }), '60{Enter}')
    await user.click(await screen.findByRole('button', { name: 'Invite these 60 people' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('The list changed since you looked: here is who is next now.')
    expect(await screen.findByRole('cell', { name: 'p31@example.com' })).toBeInTheDocument()
    expect(screen.queryByRole('cell', { name: 'p11@example.com' })).not.toBeInTheDocument()
    expect(requests.map(([id]) => id)).toEqual(['fetchWaves', 'fetchNextUp', 'startWave', 'fetchWaves', 'fetchNextUp'])
    await user.click(screen.getByRole('button', { name: 'Invite these 60 people' }))
    await screen.findByText('Invited 60 people in wave #4.')
    expect(requests.filter(([id]) => id === 'startWave').at(-1)).toEqual(['startWave', { count: 60, firstId: 31 }])
    actor.stop()
  })

  it('refuses a count that is not a whole number up to those waiting, with no request', async () => {
    const user = userEvent.setup()
    const { actor, requests } = start()
    const field = await screen.findByRole('spinbutton', { name: 'Invite the next people' })
    for (const count of ['0', '81', '2.5']) {
      await user.clear(field)
      await user.type(field, `${count}{Enter}`)
      expect(await screen.findByRole('alert')).toHaveTextContent('Say how many people to invite: a whole number from 1 to 80.')
    }
    expect(requests.map(([id]) => id)).toEqual(['fetchWaves'])
    actor.stop()
  })

  it('says nobody is waiting, with no invite button, when the preview takes nobody', async () => {
    const user = userEvent.setup()
    const { actor } = start({ previews: [wavesSamples.nobodyNext] })
    await user.type(await screen.findByRole('spinbutton', { name: 'Invite the next people' }), '5{Enter}')
    expect(await screen.findByRole('heading', { name: 'Nobody is next' })).toBeInTheDocument()
    expect(screen.getByText('Nobody is waiting for an invitation.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Invite th/ })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('heading', { name: 'Nobody is next' })).not.toBeInTheDocument()
    actor.stop()
  })

  it('without INVITE_URL, says what to set and offers no control', async () => {
    const { actor } = start({ overview: wavesSamples.notReady })
    expect(await screen.findByText(/^Inviting is off until INVITE_URL is set/)).toBeInTheDocument()
    expect(screen.getByRole('spinbutton', { name: 'Invite the next people' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'See who is next' })).toBeDisabled()
    expect(screen.getByLabelText('at (your local time)')).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Start pace' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Stop pace' })).toBeDisabled()
    expect(screen.getByText('No wave has been started yet.')).toBeInTheDocument()
    actor.stop()
  })

  it('shows the funnel per wave and in total, send-again on expired waves and the CSV', async () => {
    const waves = [
      { ...wavesSamples.started, funnel: { invited: 40, delivered: 39, reminded: 20, claimed: 10, expired: 0, unsubscribed: 1, erased: 0 } },
      { ...wavesSamples.sentAgain, id: 2, funnel: { invited: 8, delivered: 8, reminded: 8, claimed: 1, expired: 6, unsubscribed: 0, erased: 1 } },
    ]
    const total = { invited: 48, delivered: 47, reminded: 28, claimed: 11, expired: 6, unsubscribed: 1, erased: 1 }
    const { actor } = start({ overview: { ...overview, waves, total } })
    const table = await screen.findByRole('table', { name: /^Each wave’s invitations/ })
    const rows = within(table).getAllByRole('row')
    expect(rows).toHaveLength(4)
    expect(rows[1]).toHaveTextContent(/^#4Invite the nextby .*UTC40392010010\s*$/)
    expect(rows[3]).toHaveTextContent(/^Total48472811611\s*$/)
    expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument()
    expect(within(rows[2]!).getByRole('button', { name: 'Send again to the expired of wave #2' })).toBeEnabled()
    // Every figure as a share of those invited, per wave and in total.
    const rates = within(screen.getByRole('table', { name: /^Rates per wave/ })).getAllByRole('row')
    expect(rates[1]).toHaveTextContent('#497.5%50.0%25.0%0.0%2.5%0.0%')
    expect(rates[3]).toHaveTextContent('Total97.9%58.3%22.9%12.5%2.1%2.1%')
    expect(screen.getByRole('link', { name: 'Download the funnel as CSV' })).toHaveAttribute('href', '/api/admin/waves.csv')
    actor.stop()
  })

  it('sends the pace’s local time as UTC, and shows what was set', async () => {
    const user = userEvent.setup()
    const { actor, requests } = start({ overview: { ...overview, pace: null } })
    await user.type(await screen.findByRole('spinbutton', { name: 'Invite people a day' }), '25')
    const time = screen.getByLabelText('at (your local time)')
    await user.clear(time)
    await user.type(time, '10:15')
    const utc = localToUtc('10:15')
    expect(screen.getByText(new RegExp(`^That is ${utc} UTC\\.`))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Start pace' }))
    expect(await screen.findByText(new RegExp(`^From now on 25 people a day will be invited at ${utc} UTC`))).toHaveRole('status')
    expect(requests.filter(([id]) => id === 'setPace')).toEqual([['setPace', { perDay: 25, atUtc: utc }]])
    actor.stop()
  })
})

it('turns a local time of day into UTC and back, by the offset of the day', () => {
  const day = new Date('2026-07-01T12:00:00Z')
  for (const local of ['00:00', '09:30', '23:45']) expect(utcToLocal(localToUtc(local, day), day)).toBe(local)
  expect(localToUtc('', day)).toBe('')
  expect(localToUtc('12:00', day)).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/)
})

describe('a wave by answers (issue 52)', () => {
  const cohortUp: CohortNextUp = { people: [person(11, 1), person(14, 4)], count: 2, waiting: 7, matching: 7 }
  function startCohort(previews: (NextUp | CohortNextUp | Error)[]) {
    const requests: [string, unknown][] = []
    const waves = createActor(
      adminWavesMachine.provide({
        actors: {
          fetchWaves: fromPromise(async () => overview),
          fetchNextUp: fromPromise(async ({ input }) => {
            requests.push(['fetchNextUp', input])
            const next = previews.shift()!
            if (next instanceof Error) throw next
            return next
          }),
          startWave: fromPromise(async ({ input }) => (requests.push(['startWave', input]), { ...wavesSamples.started, funnel: { ...wavesSamples.started.funnel, invited: input.count } })),
        },
        actions: wavesViewEffects,
      }),
    ).start()
    const cohort = createActor(adminCohortMachine.provide({ actors: { fetchChoiceQuestions: fromPromise(async (): Promise<AskedQuestion[]> => questionsSamples.questions.slice(0, 2)) } })).start()
    render(<WavesView waves={waves} cohort={cohort} />)
    return { requests, user: userEvent.setup() }
  }

  it('adds a rule of a choice question and its answers, shows how many match before the send, sends the rule with the wave, and clears it once the wave started', async () => {
    const { requests, user } = startCohort([cohortUp, { ...firstUp, count: 2 }])
    await user.click(await screen.findByRole('button', { name: 'Add a rule by answers' }))
    const question = await screen.findByRole('combobox', { name: 'Question of rule 1' })
    expect(within(question).getAllByRole('option').map((option) => option.textContent)).toEqual(['How far do you run in a week?', 'Does anything hurt when you run?'])
    await user.type(screen.getByRole('spinbutton', { name: 'Invite the next people whose answers match' }), '2{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose one answer or more in each rule, or remove the rule.')
    expect(requests).toEqual([])
    await user.click(screen.getByRole('checkbox', { name: 'Under 5 km' }))
    await user.click(screen.getByRole('button', { name: 'See who is next' }))
    expect(await screen.findByRole('heading', { name: 'The next 2 people in line whose answers match' })).toBeInTheDocument()
    expect(screen.getByText('7 people in line match every rule.')).toBeInTheDocument()
    const match = [{ questionId: 1, choices: ['Under 5 km'] }]
    expect(requests).toEqual([['fetchNextUp', { count: 2, match }]])
    await user.click(screen.getByRole('button', { name: 'Invite these 2 people' }))
    expect(await screen.findByText('Invited 2 people whose answers match the rules in wave #4.')).toHaveRole('status')
    expect(requests.at(-1)).toEqual(['startWave', { count: 2, firstId: 11, match }])

    // The rule went with that wave: the next one is the next in line again, unless a rule is added anew.
    expect(await screen.findByRole('button', { name: 'Add a rule by answers' })).toBeEnabled()
    expect(screen.queryByRole('combobox', { name: 'Question of rule 1' })).toBeNull()
    expect(screen.getByRole('spinbutton', { name: 'Invite the next people' })).toHaveValue(2)
    await user.click(screen.getByRole('button', { name: 'See who is next' }))
    expect(await screen.findByRole('heading', { name: 'The next 2 people in line' })).toBeInTheDocument()
    expect(requests.at(-1)).toEqual(['fetchNextUp', { count: 2, match: [] }])
  })

  it('says the server’s words for a cohort too small for a member who may not see people, and behaves as before once the rule is removed', async () => {
    const fewer = Object.assign(new Error(fewerThanFiveMessage), { name: 'ServerMessage' })
    const { requests, user } = startCohort([fewer, { ...firstUp, count: 2 }])
    await user.click(await screen.findByRole('button', { name: 'Add a rule by answers' }))
    await user.click(await screen.findByRole('checkbox', { name: 'More than 20 km' }))
    await user.type(screen.getByRole('spinbutton', { name: 'Invite the next people whose answers match' }), '2{Enter}')
    expect(await screen.findByRole('alert')).toHaveTextContent(fewerThanFiveMessage)
    await user.click(screen.getByRole('button', { name: 'Remove rule 1' }))
    expect(screen.queryByRole('combobox', { name: 'Question of rule 1' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'See who is next' }))
    expect(await screen.findByRole('heading', { name: 'The next 2 people in line' })).toBeInTheDocument()
    expect(requests.at(-1)).toEqual(['fetchNextUp', { count: 2, match: [] }])
  })
})
