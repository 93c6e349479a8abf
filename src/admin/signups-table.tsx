// The signups table: server-side search, sorting and paging (by keyset, with jumps: signups-pager.tsx), the CSV of
// the current search, each person's place in line and referral credits, and an Erase button per person. Loading,
// empty and failed are the table machine's states. A search for part of an address or a name looks through the
// newest people only (partialSearchLimit): the count says so in words, and how to search everyone.
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { adminEraseMachine } from '../../machines/admin-erase-machine'
import { pageCount, type adminTableMachine, type AdminTableSnapshot } from '../../machines/admin-table-machine'
import type { SearchScope, SignupSort } from '../../shared/console-api'
import { counted, figure } from '../../shared/figures'
import { csvHref } from './admin-api-client'
import { Button, Field, Row, Status, TableScroll } from './admin-styles'
import { SignupsPager } from './signups-pager'
import { useAllows } from './permissions'

const columns: { key: SignupSort; label: string }[] = [
  { key: 'createdAt', label: 'Signed up (UTC)' },
  { key: 'email', label: 'Email' },
  { key: 'firstName', label: 'First name' },
  { key: 'source', label: 'Source' },
]

type Props = { table: ActorRefFrom<typeof adminTableMachine>; erase: ActorRefFrom<typeof adminEraseMachine> }

/** What a search looked through, when it was not everyone: "Searched the newest 100,000 of 1,000,000 people. …" */
export const scopeWords = (scope: SearchScope) =>
  scope.kind === 'partial' && scope.scanned < scope.of
    ? `Searched the newest ${figure(scope.scanned)} of ${counted(scope.of, 'person', 'people')}. Type a whole address to search everyone.`
    : ''

/** The table's one live line: loading, nobody, or how many match and where the table is. */
function statusLine(state: AdminTableSnapshot) {
  const { query, shown } = state.context
  const matching = query.search ? ` matching “${query.search}”` : ''
  if (state.hasTag('busy')) return 'Loading signups…'
  if (state.matches('empty')) return query.search ? `Nobody matches “${query.search}”.` : 'Nobody has signed up yet.'
  if (state.matches('loaded')) return `${counted(shown.total, 'signup', 'signups')}${matching}, page ${figure(shown.page)} of ${figure(pageCount(state.context))}.`
  return ''
}

export function SignupsTable({ table, erase }: Props) {
  const mayExport = useAllows('people:export')
  const mayErase = useAllows('people:erase')
  const state = useSelector(table, (snapshot) => snapshot)
  const [search, setSearch] = useState('')
  const { query, shown } = state.context
  const { rows } = shown
  const busy = state.hasTag('busy')
  const scope = busy || state.matches('failed') ? '' : scopeWords(shown.scope)
  // The last good page stays on screen while the next one loads.
  const showRows = rows.length > 0 && !state.matches('empty') && !state.matches('failed')
  return (
    <section aria-labelledby="signups-heading">
      <h2 id="signups-heading">Signups</h2>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault()
          table.send({ type: 'SEARCH', search })
        }}
      >
        <Row>
          <Field>
            <label htmlFor="signup-search">Search by email or name</label>
            <input id="signup-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
          </Field>
          <Field><Button type="submit">Search</Button></Field>
          {mayExport && <Field><a href={csvHref(query.search)} download>{query.search ? 'Download this search as CSV' : 'Download all as CSV'}</a></Field>}
        </Row>
      </form>
      <Status role="status" aria-live="polite">
        {statusLine(state)}
        {scope && <span style={{ display: 'block', fontWeight: 'normal' }}>{scope}</span>}
      </Status>
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">The signups could not be loaded.</Status>
          <Button type="button" onClick={() => table.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      {showRows && (
        <TableScroll tabIndex={0} role="region" aria-labelledby="signups-heading">
          <table aria-busy={busy}>
            <caption className="visually-hidden">Signups, sorted by {columns.find((column) => column.key === query.sort)?.label}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.key} scope="col" aria-sort={query.sort === column.key ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                    <button type="button" onClick={() => table.send({ type: 'SORT', sort: column.key })}>{column.label}</button>
                  </th>
                ))}
                <th scope="col">Status</th>
                <th scope="col">Place</th>
                <th scope="col">Credits</th>
                <th scope="col"><span className="visually-hidden">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.createdAt.replace('T', ' ').slice(0, 16)}</td>
                  <td>{row.email}</td>
                  <td>{row.firstName}</td>
                  <td>{row.source}</td>
                  <td>{row.status || '—'}</td>
                  <td>{row.place === null ? '—' : figure(row.place)}</td>
                  <td>{figure(row.credits)}</td>
                  <td>
                    {mayErase && (
                      <Button type="button" $tone="danger" aria-label={`Erase ${row.email}`} onClick={() => erase.send({ type: 'ERASE_REQUESTED', target: { id: row.id, email: row.email } })}>
                        Erase
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {showRows && pageCount(state.context) > 1 && <SignupsPager table={table} />}
    </section>
  )
}
