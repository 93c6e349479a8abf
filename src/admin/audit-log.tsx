// Who signed in, exported and erased, and when: the last 100 entries, newest first.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminSummaryMachine } from '../../machines/admin-summary-machine'
import { TableScroll } from './admin-styles'

export function AuditLog({ summary }: { summary: ActorRefFrom<typeof adminSummaryMachine> }) {
  const entries = useSelector(summary, (state) => state.context.summary?.audit ?? [])
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading">Audit log</h2>
      <TableScroll tabIndex={0} role="region" aria-labelledby="audit-heading">
        <table>
          <thead><tr><th scope="col">When (UTC)</th><th scope="col">Who</th><th scope="col">What</th><th scope="col">Detail</th></tr></thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.at}-${index}`}><td>{entry.at.replace('T', ' ').slice(0, 19)}</td><td>{entry.actor}</td><td>{entry.action}</td><td>{entry.detail}</td></tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  )
}
