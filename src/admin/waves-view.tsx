// Invitations (issue 22): how many confirmed people are waiting, "invite the next N" with a look at who they are
// before anyone is invited, the daily pace, and the funnel per wave with its CSV. Loading, reviewing, starting and
// the rest are the waves machine's states; whether a button works is the machine's answer (state.can).
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { adminWavesMessages, type adminWavesMachine, type AdminWavesSnapshot } from '../../machines/admin-waves-machine'
import { cohortMatch, type adminCohortMachine } from '../../machines/admin-cohort-machine'
import { counted, figure } from '../../shared/figures'
import type { AnswerMatch } from '../../shared/questions'
import { funnelColumns, ratedFunnelColumns, type Funnel, type FunnelColumn, type WaveKind, type WavesOverview } from '../../shared/launch-rows'
import { wavesCsvHref } from './admin-api-client'
import { Detail, Field, Row, Status, TableScroll } from './admin-styles'
import { Button } from './button'
import { CountInput } from './count-input'
import { useAllows } from './permissions'
import { consoleTime } from './console-time'
import { CohortRules, useRulesClearedOnceUsed } from './cohort-rules'
import { focusSoon } from './outcome'

type Waves = ActorRefFrom<typeof adminWavesMachine>
type Cohort = ActorRefFrom<typeof adminCohortMachine>
const noRules: AnswerMatch[] = []
type Part = { waves: Waves; state: AdminWavesSnapshot; overview: WavesOverview }

const ids = { count: 'wave-count', previewHeading: 'wave-preview-heading', notReady: 'waves-not-ready' }

/** The browser side of the waves machine's focus actions (areas/invitations-area.tsx provides them). */
export const wavesViewEffects = {
  focusPreview: () => focusSoon(ids.previewHeading),
  focusCountField: () => focusSoon(ids.count),
}

const people = (count: number) => counted(count, 'person', 'people')
const pad = (value: number) => String(value).padStart(2, '0')
const hoursAndMinutes = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number)
  return Number.isInteger(hours) && Number.isInteger(minutes) ? ([hours!, minutes!] as const) : undefined
}

/** A time of day in the browser's time zone as UTC HH:MM, by the offset on `day` ('' for an incomplete time). */
export function localToUtc(local: string, day = new Date()) {
  const time = hoursAndMinutes(local)
  if (!time) return ''
  const at = new Date(day)
  at.setHours(time[0], time[1], 0, 0)
  return `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`
}

/** The server's UTC HH:MM as a time of day in the browser's time zone, by the offset on `day`. */
export function utcToLocal(utc: string, day = new Date()) {
  const time = hoursAndMinutes(utc)
  if (!time) return ''
  const at = new Date(day)
  at.setUTCHours(time[0], time[1], 0, 0)
  return `${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** The invitations; with `cohort`, a wave may pick by answers. */
export function WavesView({ waves, cohort }: { waves: Waves; cohort?: Cohort }) {
  const maySend = useAllows('waves:send')
  const state = useSelector(waves, (snapshot) => snapshot)
  const { overview, message, error } = state.context
  useRulesClearedOnceUsed(waves, cohort)
  return (
    <section aria-labelledby="waves-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="waves-heading">Invitations</h2>
      <Status role="status" aria-live="polite">{message}</Status>
      {error && <Status role="alert" $tone="error">{error}</Status>}
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">{adminWavesMessages.loadFailed}</Status>
          <Button type="button" onClick={() => waves.send({ type: 'RETRY' })}>Try again</Button>
        </>
      )}
      {!overview ? (
        !state.matches('failed') && <p>Loading the invitations…</p>
      ) : (
        <>
          <p>
            {figure(overview.waiting)} confirmed {overview.waiting === 1 ? 'person is' : 'people are'} waiting for an invitation. Each invitation works
            for {overview.lifetimeDays} days.
          </p>
          {!overview.ready && (
            <Status id={ids.notReady} $tone="error">
              Inviting is off until INVITE_URL is set on the server: it is where a claimed invitation sends people on to (a TestFlight link, an App
              Store page or a sign-up page). Set it and restart the server before inviting anyone.
            </Status>
          )}
          {maySend && <InviteForm waves={waves} state={state} overview={overview} cohort={cohort} />}
          {maySend && (state.matches('reviewing') || state.matches('starting')) && <Preview waves={waves} state={state} />}
          {maySend && <PaceForm waves={waves} state={state} overview={overview} />}
          <FunnelTable waves={waves} state={state} overview={overview} />
        </>
      )}
    </section>
  )
}

function InviteForm({ waves, state, overview, cohort }: Part & { cohort: Cohort | undefined }) {
  const [count, setCount] = useState('')
  const match = useSelector(cohort, (snapshot) => (snapshot ? cohortMatch(snapshot.context) : noRules))
  const preview = { type: 'PREVIEW', count: Number(count), ...(match.length > 0 ? { match } : {}) } as const
  return (
    // noValidate: the machine says what a good count is, in words, rather than the browser's bubble.
    <form aria-label="Invite the next people" noValidate onSubmit={(event) => (event.preventDefault(), waves.send(preview))}>
      {/* The rules first, so that the keyboard reaches the count and its button after them. */}
      {cohort && <CohortRules cohort={cohort} disabled={!overview.ready} hint="The wave takes the next in line whose answers match every rule." />}
      <Row>
        <Field>
          <label id="wave-count-label" htmlFor={ids.count}>Invite the next</label>
          <CountInput
            id={ids.count}
            value={count}
            disabled={!overview.ready}
            aria-labelledby="wave-count-label wave-count-unit"
            aria-describedby={overview.ready ? undefined : ids.notReady}
            onText={setCount}
          />
        </Field>
        <Field><span id="wave-count-unit">{match.length > 0 ? 'people whose answers match' : 'people'}</span></Field>
        <Field>
          <Button type="submit" disabled={!state.can(preview)}>{state.matches('previewing') ? 'Looking…' : 'See who is next'}</Button>
        </Field>
      </Row>
    </form>
  )
}

function Preview({ waves, state }: Omit<Part, 'overview'>) {
  const nextUp = state.context.nextUp
  if (!nextUp) return null
  const matching = 'matching' in nextUp ? nextUp.matching : null
  const more = nextUp.count - nextUp.people.length
  return (
    <div>
      <h3 id={ids.previewHeading} tabIndex={-1}>
        {nextUp.count === 0 ? 'Nobody is next' : `The next ${people(nextUp.count)} in line${matching === null ? '' : ' whose answers match'}`}
      </h3>
      {matching !== null && <p>{matching === 1 ? '1 person' : `${figure(matching)} people`} in line {matching === 1 ? 'matches' : 'match'} every rule.</p>}
      {nextUp.count === 0 ? (
        <p>{matching === null ? adminWavesMessages.nobodyWaiting : 'Nobody waiting matches every rule.'}</p>
      ) : nextUp.people.length === 0 ? (
        <p>Your role does not show who they are: the wave invites the first {people(nextUp.count)} in line among those who match.</p>
      ) : (
        <TableScroll tabIndex={0} role="region" aria-labelledby={ids.previewHeading}>
          <table>
            <caption>Who this wave would invite, in their order in line{more > 0 ? ` (the first ${figure(nextUp.people.length)})` : ''}</caption>
            <thead><tr><th scope="col">Place</th><th scope="col">Name</th><th scope="col">Email</th></tr></thead>
            <tbody>
              {nextUp.people.map((person) => (
                <tr key={person.id}><td>{figure(person.place)}</td><td>{person.firstName || '—'}</td><td>{person.email}</td></tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {more > 0 && nextUp.people.length > 0 && <p>and {figure(more)} more</p>}
      <Row>
        {nextUp.count > 0 && (
          <Button type="button" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => waves.send({ type: 'CONFIRM' })}>
            {state.matches('starting') ? 'Inviting…' : nextUp.count === 1 ? 'Invite this person' : `Invite these ${people(nextUp.count)}`}
          </Button>
        )}
        <Button type="button" $tone="plain" disabled={!state.can({ type: 'CANCEL' })} onClick={() => waves.send({ type: 'CANCEL' })}>Cancel</Button>
      </Row>
    </div>
  )
}

function paceLine({ pace, paceEnded }: WavesOverview) {
  if (pace) {
    const lastRun = pace.lastRunDay ? `; last run on ${pace.lastRunDay}` : ''
    const at = `${utcToLocal(pace.atUtc)} your time (${pace.atUtc} UTC)`
    return `Now: ${people(pace.perDay)} a day at ${at}, set by ${pace.startedBy} on ${consoleTime(pace.startedAt)}${lastRun}.`
  }
  if (!paceEnded) return 'No pace is set.'
  const ended = paceEnded.reason === 'stopped' ? 'was stopped' : 'ended when nobody was left waiting'
  return `No pace is set. The last one ${ended} on ${consoleTime(paceEnded.at)}.`
}

function PaceForm({ waves, state, overview }: Part) {
  const [perDay, setPerDay] = useState(overview.pace ? String(overview.pace.perDay) : '')
  const [local, setLocal] = useState(overview.pace ? utcToLocal(overview.pace.atUtc) : '09:00')
  const atUtc = localToUtc(local)
  const setPace = { type: 'SET_PACE', perDay: Number(perDay), atUtc } as const
  const disabled = !overview.ready
  return (
    <>
      <h3 id="pace-heading">Daily pace</h3>
      <p>{paceLine(overview)}</p>
      <form aria-labelledby="pace-heading" noValidate onSubmit={(event) => (event.preventDefault(), waves.send(setPace))}>
        <Row>
          <Field>
            <label id="pace-count-label" htmlFor="pace-count">Invite</label>
            <CountInput
              id="pace-count"
              value={perDay}
              disabled={disabled}
              aria-labelledby="pace-count-label pace-count-unit"
              aria-describedby={disabled ? ids.notReady : undefined}
              onText={setPerDay}
            />
          </Field>
          <Field><span id="pace-count-unit">people a day</span></Field>
          <Field>
            <label htmlFor="pace-time">at (your local time)</label>
            <input
              id="pace-time"
              type="time"
              value={local}
              disabled={disabled}
              aria-describedby="pace-utc-hint"
              onChange={(event) => setLocal(event.target.value)}
            />
          </Field>
          <Field>
            <Button type="submit" disabled={!state.can(setPace)}>
              {state.matches('savingPace') ? 'Saving…' : overview.pace ? 'Change pace' : 'Start pace'}
            </Button>
          </Field>
          <Field>
            <Button type="button" $tone="plain" disabled={!state.can({ type: 'STOP_PACE' })} onClick={() => waves.send({ type: 'STOP_PACE' })}>
              {state.matches('stoppingPace') ? 'Stopping…' : 'Stop pace'}
            </Button>
          </Field>
        </Row>
        <p id="pace-utc-hint">
          {atUtc ? `That is ${atUtc} UTC. The pace keeps to UTC, so in local time it moves by an hour when the clocks change.` : 'Choose a time of day.'}
        </p>
      </form>
    </>
  )
}

const kinds: Record<WaveKind, string> = { next: 'Invite the next', pace: 'Daily pace', again: 'Expired, sent again' }
const funnelLabels: Record<FunnelColumn, string> = {
  invited: 'Invited',
  delivered: 'Delivered',
  reminded: 'Reminded',
  claimed: 'Claimed',
  expired: 'Expired',
  unsubscribed: 'Unsubscribed',
  erased: 'Erased',
}
const shareOf = (funnel: Funnel, key: FunnelColumn) => (funnel.invited === 0 ? '—' : `${((funnel[key] / funnel.invited) * 100).toFixed(1)}%`)
// The counts only: their shares, the claim rate among them, are the rates table's below (issue 47: with how, by whom
// and when in columns of their own and a claim rate here too, the table was wider than the area at 1280 px).
const funnelCells = (funnel: Funnel) => funnelColumns.map((key) => <td key={key}>{figure(funnel[key])}</td>)

function FunnelTable({ waves, state, overview }: Part) {
  const maySend = useAllows('waves:send')
  const mayExport = useAllows('people:export')
  return (
    <>
      <h3 id="funnel-heading">Funnel per wave</h3>
      {overview.waves.length === 0 ? (
        <p>No wave has been started yet.</p>
      ) : (
        <TableScroll tabIndex={0} role="region" aria-labelledby="funnel-heading">
          <table>
            <caption className="visually-hidden">
              Each wave’s invitations: delivered, reminded, claimed, expired, unsubscribed and erased, and the total
            </caption>
            <thead>
              <tr>
                <th scope="col">Wave</th>
                <th scope="col">Started</th>
                {funnelColumns.map((key) => <th key={key} scope="col">{funnelLabels[key]}</th>)}
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {overview.waves.map((wave) => (
                <tr key={wave.id}>
                  <th scope="row">#{wave.id}</th>
                  <td>
                    {kinds[wave.kind]}
                    <Detail>by {wave.startedBy}</Detail>
                    <Detail>{consoleTime(wave.startedAt)}</Detail>
                  </td>
                  {funnelCells(wave.funnel)}
                  <td>
                    {maySend && wave.funnel.expired > 0 && (
                      <Button
                        type="button"
                        $tone="plain"
                        disabled={!state.can({ type: 'AGAIN', waveId: wave.id })}
                        aria-label={`Send again to the expired of wave #${wave.id}`}
                        onClick={() => waves.send({ type: 'AGAIN', waveId: wave.id })}
                      >
                        Send again
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2}>Total</th>
                {funnelCells(overview.total)}
                <td />
              </tr>
            </tfoot>
          </table>
        </TableScroll>
      )}
      {overview.waves.length > 0 && <RatesTable overview={overview} />}
      {mayExport && <p><a href={wavesCsvHref} download>Download the funnel as CSV</a></p>}
    </>
  )
}

/** The same funnel as shares of those invited, per wave and in total. */
function RatesTable({ overview }: { overview: WavesOverview }) {
  const row = (heading: string, funnel: Funnel) => (
    <tr key={heading}>
      <th scope="row">{heading}</th>
      {ratedFunnelColumns.map((key) => <td key={key}>{shareOf(funnel, key)}</td>)}
    </tr>
  )
  return (
    <TableScroll tabIndex={0} role="region" aria-label="Rates per wave">
      <table>
        <caption>Rates per wave, as a share of those invited</caption>
        <thead>
          <tr>
            <th scope="col">Wave</th>
            {ratedFunnelColumns.map((key) => <th key={key} scope="col">{funnelLabels[key]}</th>)}
          </tr>
        </thead>
        <tbody>{overview.waves.map((wave) => row(`#${wave.id}`, wave.funnel))}</tbody>
        <tfoot>{row('Total', overview.total)}</tfoot>
      </table>
    </TableScroll>
  )
}
