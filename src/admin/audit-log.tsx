// Who signed in, exported, erased, reviewed and invited, and when: a page at a time, newest first, with Newer and
// Older entries (issue 35). Loading and failed are the audit machine's states.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminAuditMachine } from '../../machines/admin-audit-machine'
import { Status } from './admin-styles'
import { Button } from './button'
import { ListTable } from './list-table'
import { StepPager } from './step-pager'
import { consoleTime } from './console-time'

export function AuditLog({ audit }: { audit: ActorRefFrom<typeof adminAuditMachine> }) {
  const state = useSelector(audit, (snapshot) => snapshot)
  const { page, trail } = state.context
  return (
    <section aria-labelledby="audit-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="audit-heading">Audit log</h2>
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">The audit log could not be loaded.</Status>
          <Button type="button" onClick={() => audit.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      <ListTable labelledBy="audit-heading" columns={['When', 'Who', 'What', 'Detail']}>
        {page.entries.map((entry, index) => (
          <tr key={`${entry.at}-${index}`}><td>{consoleTime(entry.at)}</td><td>{entry.actor}</td><td>{entry.action}</td><td>{entry.detail}</td></tr>
        ))}
      </ListTable>
      {(page.older !== null || trail.length > 0) && (
        <StepPager
          label="Pages of the audit log"
          steps={[
            { label: 'Newer entries', enabled: state.can({ type: 'NEWER' }), go: () => audit.send({ type: 'NEWER' }) },
            { label: 'Older entries', enabled: state.can({ type: 'OLDER' }), go: () => audit.send({ type: 'OLDER' }) },
          ]}
        />
      )}
    </section>
  )
}
