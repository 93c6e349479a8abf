// The signups table: server-side search, sorting and paging (by keyset, with jumps: signups-pager.tsx), the CSV of
// the current search, and each person in the columns a person reads (issue 47): how they came (campaign or source),
// who referred them (an address that links to that person's page), status and place. Each address links to its
// person's page, where Erase is. Loading, empty and failed are the table machine's states. A search for part of an
// address or a name looks through the newest people only (partialSearchLimit): the count says so in words, and how
// to search everyone.
//
// On a phone (under 600 px) each row is stacked, each value under its column's name: seven columns cannot be made
// compact enough for 320 px without cutting addresses, and a box that scrolls sideways hid Status and Place.
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import { pageCount, type adminTableMachine, type AdminTableSnapshot } from '../../machines/admin-table-machine'
import type { SearchScope, SignupSort } from '../../shared/console-api'
import { campaignOrSource } from '../../shared/console-rows'
import { counted, figure } from '../../shared/figures'
import { csvHref } from './admin-api-client'
import { Field, Row, Status, TableScroll } from './admin-styles'
import { Button } from './button'
import { consoleTime } from './console-time'
import { personHref } from './person-facts'
import { SignupsPager } from './signups-pager'
import { useAllows } from './permissions'

/** The columns a person sorts by. */
const sortable: { key: SignupSort; label: string }[] = [
  { key: 'createdAt', label: 'Signed up' },
  { key: 'email', label: 'Email' },
  { key: 'firstName', label: 'First name' },
]
const sortLabels: Record<SignupSort, string> = { createdAt: 'Signed up', email: 'Email', firstName: 'First name', source: 'signup form' }
/** The columns after them. */
const others = ['Campaign or source', 'Referred by', 'Status', 'Place'] as const

/** Under 600 px, each row a block of its values, each under its column's name (data-label). */
const Stacked = styled(TableScroll)`
  position: relative;
  @media (max-width: 37.5rem) {
    table { min-width: 0; }
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tr { display: block; padding: 0.5rem 0; border-bottom: 1px solid currentColor; }
    td { display: grid; grid-template-columns: 8.5rem 1fr; gap: 0.75rem; border: 0; padding: 0.15rem 0.25rem; overflow-wrap: anywhere; }
    td::before { content: attr(data-label); font-weight: 700; }
  }
`

type Props = { table: ActorRefFrom<typeof adminTableMachine> }

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

export function SignupsTable({ table }: Props) {
  const mayExport = useAllows('people:export')
  const mayReadHealth = useAllows('answers:sensitive:read')
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
          {mayExport && mayReadHealth && <Field><a href={csvHref(query.search, true)} download>With health answers (recorded in the audit log)</a></Field>}
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
        <Stacked tabIndex={0} role="region" aria-labelledby="signups-heading">
          <table aria-busy={busy}>
            <caption className="visually-hidden">Signups, sorted by {sortLabels[query.sort]}</caption>
            <thead>
              <tr>
                {sortable.map((column) => (
                  <th key={column.key} scope="col" aria-sort={query.sort === column.key ? (query.direction === 'asc' ? 'ascending' : 'descending') : undefined}>
                    <button type="button" onClick={() => table.send({ type: 'SORT', sort: column.key })}>{column.label}</button>
                  </th>
                ))}
                {others.map((label) => <th key={label} scope="col">{label}</th>)}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td data-label="Signed up">{consoleTime(row.createdAt)}</td>
                  <td data-label="Email"><a href={personHref(row.id)}>{row.email}</a></td>
                  <td data-label="First name">{row.firstName}</td>
                  <td data-label="Campaign or source">{campaignOrSource(row)}</td>
                  <td data-label="Referred by">{row.referrer ? <a href={personHref(row.referrer.id)}>{row.referrer.email}</a> : '—'}</td>
                  <td data-label="Status">{row.status || '—'}</td>
                  <td data-label="Place">{row.place === null ? '—' : figure(row.place)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Stacked>
      )}
      {showRows && pageCount(state.context) > 1 && <SignupsPager table={table} />}
    </section>
  )
}
