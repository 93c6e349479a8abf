// An update once it left the drafts (issue 31): where its sending stands, its record (the audience taken, to go,
// sent, refused, skipped and why, unsubscribed since) and the record as CSV. Which moves show is the send's own
// machine (sendMove in machines/update-send-machine.ts, the rule the server keeps); whether one works now is the
// updates machine's answer. The record is fetched again every few seconds while it is scheduled or sending.
import { figure } from '../../shared/figures'
import { audienceWords, autoPauseWords, ratesLine, skipReasons, skipReasonWords, type UpdateSend } from '../../shared/update-rows'
import { sendMoveOf } from '../../machines/admin-updates-machine'
import { sendMove, type UpdateSendEvent } from '../../machines/update-send-machine'
import { Cards, Row, Status } from './admin-styles'
import { QuestionBox } from './ask-first'
import { Button } from './button'
import { updateRecordCsvHref } from './admin-api-client'
import { localTime, sendStateWords, updateIds, type UpdatesPart } from './update-parts'
import { useAllows } from './permissions'
import { consoleTime } from './console-time'

type MoveEvent = 'PAUSE' | 'RESUME' | 'UNSCHEDULE' | 'CANCEL_SEND'
const moveButtons: { event: MoveEvent; rule: UpdateSendEvent['type']; label: string; busy: string }[] = [
  { event: 'PAUSE', rule: 'PAUSE', label: 'Pause', busy: 'Pausing…' },
  { event: 'RESUME', rule: 'RESUME', label: 'Resume', busy: 'Resuming…' },
  { event: 'UNSCHEDULE', rule: 'UNSCHEDULE', label: 'Unschedule', busy: 'Unscheduling…' },
  { event: 'CANCEL_SEND', rule: 'CANCEL', label: 'Cancel the send…', busy: 'Cancelling…' },
]

function sendLine(send: UpdateSend) {
  const rate = `${figure(send.perSecond)} a second`
  const to = `“${audienceWords[send.audience]}”`
  if (send.state === 'scheduled') return `To ${to}, from ${consoleTime(send.sendAt)} (${localTime(send.sendAt)} your time), at ${rate}; asked by ${send.requestedBy}.`
  const started = send.startedAt ? `started ${consoleTime(send.startedAt)}` : 'not started'
  const ended = send.endedAt ? `, ended ${consoleTime(send.endedAt)}` : ''
  return `To ${to}, at ${rate}; ${started}${ended}; asked by ${send.requestedBy}.`
}

export function UpdateRecord({ updates, state }: UpdatesPart) {
  const maySend = useAllows('updates:send')
  const mayExport = useAllows('people:export')
  const { update, move } = state.context
  const send = update?.send
  if (!update || !send) return null
  const { record } = send
  const canClose = state.can({ type: 'CLOSE' })
  const skipped = skipReasons.reduce((sum, reason) => sum + record.skipped[reason], 0)
  const cards: [string, number][] = [
    ['Audience', record.audience],
    ['To go', record.toGo],
    ['Sent', record.sent],
    ['Refused', record.refused],
    ['Skipped', skipped],
    ['Unsubscribed since', record.unsubscribed],
    ['Bounced for good', record.hardBounces],
    ['Marked as spam', record.complaints],
  ]
  const emails = record.sent + record.refused
  return (
    <>
      <h3 id={updateIds.record} tabIndex={-1}>“{update.subject}”: {sendStateWords[send.state]}</h3>
      <p>{sendLine(send)}</p>
      {send.autoPaused && <Status $tone="error">{autoPauseWords(send.autoPaused, record, send.guard)}</Status>}
      <h4 id="update-record-figures">The record</h4>
      <Cards>
        {cards.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{figure(value)}</dd>
          </div>
        ))}
      </Cards>
      {skipped > 0 && (
        <ul aria-label="Why some were skipped">
          {skipReasons.filter((reason) => record.skipped[reason] > 0).map((reason) => (
            <li key={reason}>{figure(record.skipped[reason])}: {skipReasonWords[reason]}</li>
          ))}
        </ul>
      )}
      <p>{ratesLine(emails, record.hardBounces, record.complaints, send.guard)}</p>
      <p>No opens and no clicks are counted: nothing in the email tells us who read it.</p>
      <Row>
        {moveButtons
          .filter(({ rule }) => maySend && sendMove(send.state, { type: rule }) !== undefined)
          .map(({ event, label, busy }) => {
            const allowed = state.can({ type: event })
            const pressed = state.matches('moving') && move === sendMoveOf[event]
            return (
              <Button
                key={event}
                type="button"
                $tone={event === 'CANCEL_SEND' ? 'danger' : undefined}
                aria-disabled={!allowed}
                onClick={() => allowed && updates.send({ type: event })}
              >
                {pressed ? busy : label}
              </Button>
            )
          })}
        <Button type="button" $tone="plain" aria-disabled={!canClose} onClick={() => canClose && updates.send({ type: 'CLOSE' })}>
          Back to the list
        </Button>
      </Row>
      {(state.matches('confirmingCancel') || (state.matches('moving') && move === 'cancel')) && <CancelConfirm updates={updates} state={state} />}
      {mayExport && <p><a href={updateRecordCsvHref(update.id)} download>Download the record as CSV</a></p>}
    </>
  )
}

function CancelConfirm({ updates, state }: UpdatesPart) {
  return (
    <QuestionBox $tone="danger" role="group" aria-labelledby={updateIds.confirm} onKeyDown={(event) => event.key === 'Escape' && state.can({ type: 'BACK' }) && updates.send({ type: 'BACK' })}>
      <h3 id={updateIds.confirm} tabIndex={-1}>Cancel the send for good?</h3>
      <p>Nobody not reached yet will get it; it cannot be resumed. The record of those it reached stays.</p>
      <Row>
        <Button type="button" $tone="danger" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => updates.send({ type: 'CONFIRM' })}>
          {state.matches('moving') ? 'Cancelling…' : 'Cancel the send'}
        </Button>
        <Button type="button" $tone="plain" disabled={!state.can({ type: 'BACK' })} onClick={() => updates.send({ type: 'BACK' })}>Keep it</Button>
      </Row>
    </QuestionBox>
  )
}
