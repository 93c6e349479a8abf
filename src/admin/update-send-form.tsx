// Sending an update (issue 31): each audience with how many it holds now, now or at a time (a datetime-local field
// in the team member's own time, sent as an ISO instant), an optional rate, then a last look that repeats the
// audience and its count before anything is sent. The machine says what a good choice is, in words. With rules by
// answers (issue 52, the cohort machine), the last look counts who of the audience match, as the server words it.
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import { cohortMatch, type adminCohortMachine } from '../../machines/admin-cohort-machine'
import type { ShownCount } from '../../shared/analytics'
import { counted, figure } from '../../shared/figures'
import type { AnswerMatch } from '../../shared/questions'
import { audienceWords, maxSendsPerSecond, updateAudiences, type UpdateAudience } from '../../shared/update-rows'
import { Choices, Field, Row } from './admin-styles'
import { QuestionBox } from './ask-first'
import { Button } from './button'
import { CountInput } from './count-input'
import { CohortRules } from './cohort-rules'
import { localTime, updateIds, type UpdatesPart } from './update-parts'

const WhenChoices = styled(Choices)`
  input[type='datetime-local'] { font: inherit; padding: 0.4rem 0.5rem; }
`

export type Cohort = ActorRefFrom<typeof adminCohortMachine>
const noRules: AnswerMatch[] = []
const people = (count: number) => counted(count, 'person', 'people')
/** A count as the server gave it: "fewer than 5 people" to a member who may not see people. */
const shownPeople = (count: ShownCount) => (typeof count === 'number' ? people(count) : `${count} people`)

/** A datetime-local value (the browser's own time zone) as an ISO instant; '' when it is not a whole date and time. */
export function localToIso(local: string) {
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(local)) return ''
  const at = new Date(local)
  return Number.isNaN(at.getTime()) ? '' : at.toISOString()
}

export function UpdateSendForm({ updates, state, cohort }: UpdatesPart & { cohort?: Cohort | undefined }) {
  const { audiences, update } = state.context
  const [audience, setAudience] = useState<UpdateAudience>('everyone')
  const [when, setWhen] = useState<'now' | 'at'>('now')
  const [at, setAt] = useState('')
  const [rate, setRate] = useState('')
  const match = useSelector(cohort, (snapshot) => (snapshot ? cohortMatch(snapshot.context) : noRules))
  const review = {
    type: 'REVIEW_SEND',
    audience,
    at: when === 'now' ? null : localToIso(at),
    perSecond: rate.trim() === '' ? null : Number(rate),
    ...(match.length > 0 ? { match } : {}),
  } as const
  if (!audiences) return <p>Counting who each audience holds…</p>
  const choosing = state.matches('choosing')
  return (
    <>
      <form aria-labelledby={updateIds.sendForm} noValidate onSubmit={(event) => (event.preventDefault(), updates.send(review))}>
        <h3 id={updateIds.sendForm} tabIndex={-1}>Send “{update?.subject}” to the list</h3>
        <WhenChoices disabled={!choosing}>
          <legend>To whom (people who asked for news and updates)</legend>
          {updateAudiences.map((name) => (
            <label key={name}>
              <input type="radio" name="update-audience" value={name} checked={audience === name} onChange={() => setAudience(name)} />
              {audienceWords[name]}: {people(audiences.counts[name])}
            </label>
          ))}
        </WhenChoices>
        {cohort && <CohortRules cohort={cohort} disabled={!choosing} hint="The update goes only to the people of that audience whose answers match every rule." />}
        <WhenChoices disabled={!choosing}>
          <legend>When</legend>
          <label>
            <input type="radio" name="update-when" value="now" checked={when === 'now'} onChange={() => setWhen('now')} />
            Now
          </label>
          <label>
            <input type="radio" name="update-when" value="at" checked={when === 'at'} onChange={() => setWhen('at')} />
            At a time
          </label>
          <Field>
            <label htmlFor="update-send-at">Date and time (your local time)</label>
            <input id="update-send-at" type="datetime-local" value={at} disabled={when === 'now'} onChange={(event) => setAt(event.target.value)} />
          </Field>
        </WhenChoices>
        <Field>
          <label htmlFor="update-rate">Emails a second (optional)</label>
          <CountInput
            id="update-rate"
            max={maxSendsPerSecond}
            value={rate}
            disabled={!choosing}
            aria-describedby="update-rate-hint"
            onText={setRate}
          />
          <span id="update-rate-hint">Left empty, the usual {figure(audiences.defaultPerSecond)} a second, across every instance.</span>
        </Field>
        <Row>
          <Button type="submit" aria-disabled={!choosing}>{state.matches('countingMatch') ? 'Counting who matches…' : 'Review the send'}</Button>
          <Button type="button" $tone="plain" aria-disabled={!state.can({ type: 'BACK' })} onClick={() => updates.send({ type: 'BACK' })}>
            Back to the draft
          </Button>
        </Row>
      </form>
      {(state.matches('confirmingSend') || state.matches('starting')) && <SendConfirm updates={updates} state={state} />}
    </>
  )
}

function SendConfirm({ updates, state }: UpdatesPart) {
  const { sendAsked, audiences, matchCounts, update } = state.context
  if (!sendAsked || !audiences) return null
  const all = audiences.counts[sendAsked.audience]
  const count = sendAsked.match && matchCounts ? shownPeople(matchCounts.counts[sendAsked.audience]) : people(all)
  const rate = sendAsked.perSecond ?? audiences.defaultPerSecond
  const action = sendAsked.at ? `Schedule for ${count}` : `Send to ${count}`
  const who = sendAsked.match
    ? `the people of “${audienceWords[sendAsked.audience]}” whose answers match every rule: ${count} now, of ${figure(all)}`
    : `“${audienceWords[sendAsked.audience]}”: ${count} now`
  return (
    <QuestionBox $tone="plain" role="group" aria-labelledby={updateIds.confirm} onKeyDown={(event) => event.key === 'Escape' && state.can({ type: 'BACK' }) && updates.send({ type: 'BACK' })}>
      <h3 id={updateIds.confirm} tabIndex={-1}>{action}?</h3>
      <p>
        “{update?.subject}” goes to {who},{' '}
        {sendAsked.at ? `from ${localTime(sendAsked.at)} your time` : 'starting now'}, at {counted(rate, 'email', 'emails')} a second. Who it goes to is
        taken when the sending starts: someone who unsubscribes before their turn is skipped.
      </p>
      <Row>
        <Button type="button" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => updates.send({ type: 'CONFIRM' })}>
          {state.matches('starting') ? 'Starting…' : action}
        </Button>
        <Button type="button" $tone="plain" disabled={!state.can({ type: 'BACK' })} onClick={() => updates.send({ type: 'BACK' })}>Back</Button>
      </Row>
    </QuestionBox>
  )
}
