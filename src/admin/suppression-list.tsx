// The suppression list in the console (issue 49): every address nothing more is sent to, a page at a time, newest
// first, each with why, from where, when and in the provider's own words, and its person's page. A member who may
// (suppressions:manage) lifts one; the list is then read again. Loading, lifting and failing are the machine's states.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { adminSuppressionsMessages, type adminSuppressionsMachine } from '../../machines/admin-suppressions-machine'
import { suppressionReasonWords, suppressionSourceWords } from '../../shared/suppression'
import { Detail, Status } from './admin-styles'
import { Button } from './button'
import { consoleTime } from './console-time'
import { ListTable } from './list-table'
import { useAllows } from './permissions'
import { peopleHref, personHref } from './person-facts'
import { StepPager } from './step-pager'

export function SuppressionList({ list }: { list: ActorRefFrom<typeof adminSuppressionsMachine> }) {
  const state = useSelector(list, (snapshot) => snapshot)
  const mayLift = useAllows('suppressions:manage')
  const { page, trail, lifted, error } = state.context
  const empty = state.matches('ready') && page.entries.length === 0 && trail.length === 0
  return (
    <section aria-labelledby="suppressions-heading" aria-busy={state.hasTag('busy')}>
      <p><a href={peopleHref}>Back to People</a></p>
      <h2 id="suppressions-heading">Suppressed addresses</h2>
      <p>Nothing more is sent to these addresses: their mail server refused, their owner marked an email as spam, or the team suppressed them.</p>
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">{adminSuppressionsMessages.failed}</Status>
          <Button type="button" onClick={() => list.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      <div role="status">{state.matches('ready') && lifted && !error ? adminSuppressionsMessages.lifted(lifted) : ''}</div>
      {error && <Status role="alert" $tone="error">{error}</Status>}
      {empty ? (
        <p>No address is suppressed.</p>
      ) : (
        <ListTable labelledBy="suppressions-heading" columns={['Address', 'Why', 'Said by', 'When']} actions={mayLift}>
          {page.entries.map((entry, index) => (
            <tr key={`${entry.suppressedAt}-${entry.email ?? index}`}>
              <td>{entry.email === null ? 'Erased (only its keyed hash is kept)' : entry.personId === null ? entry.email : <a href={personHref(entry.personId)}>{entry.email}</a>}</td>
              <td>
                {suppressionReasonWords[entry.reason]}
                {entry.words && <Detail>“{entry.words}”</Detail>}
              </td>
              <td>{suppressionSourceWords[entry.source]}</td>
              <td>{consoleTime(entry.suppressedAt)}</td>
              {mayLift && (
                <td>
                  {entry.email !== null && (
                    <Button type="button" $tone="plain" aria-label={`Lift ${entry.email}`} aria-disabled={!state.can({ type: 'LIFT', email: entry.email })} onClick={() => list.send({ type: 'LIFT', email: entry.email! })}>
                      Lift
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </ListTable>
      )}
      {(page.older !== null || trail.length > 0) && (
        <StepPager
          label="Pages of the suppression list"
          steps={[
            { label: 'Newer entries', enabled: state.can({ type: 'NEWER' }), go: () => list.send({ type: 'NEWER' }) },
            { label: 'Older entries', enabled: state.can({ type: 'OLDER' }), go: () => list.send({ type: 'OLDER' }) },
          ]}
        />
      )}
    </section>
  )
}
