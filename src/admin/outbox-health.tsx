// The outbox's health in words on the console's front page: how many emails wait to be sent and how long the
// oldest has waited (the summary's outbox, server/features/console/admin-api.ts, read as the metrics read it). An email
// normally leaves within a second or two; a count that stays up, or an age that grows, means mail is not flowing.
import type { OutboxSummary } from '../../shared/console-api'
import { figure } from '../../shared/figures'

/** An age as a person reads it at a glance: "4 s", "12 min", "5 h", "3 days" (rounded down). */
export function ageInWords(seconds: number): string {
  if (seconds < 60) return `${Math.floor(seconds)} s`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)} h`
  return `${figure(Math.floor(seconds / 86_400))} days`
}

/** "No emails waiting", "1 email waiting, for 4 s", "3 emails waiting, oldest 4 s". */
export function outboxHealth({ waiting, oldestSeconds }: OutboxSummary): string {
  if (waiting === 0) return 'No emails waiting'
  const age = oldestSeconds === null ? '' : ageInWords(oldestSeconds)
  if (waiting === 1) return age ? `1 email waiting, for ${age}` : '1 email waiting'
  return `${figure(waiting)} emails waiting${age ? `, oldest ${age}` : ''}`
}

export function OutboxHealth({ outbox }: { outbox: OutboxSummary }) {
  return (
    <p>
      Outbox: <strong>{outboxHealth(outbox)}</strong>
    </p>
  )
}
