// The signups table's pager (issue 35): First, Previous, where the table is ("Page 2 of 40,000"), Next and Last,
// and "go to page N". Whether each works is the table machine's answer (state.can): Next and Previous follow the
// last answer's cursors and stop at either end; First, Last and a page number jump. The buttons say "not now" with
// aria-disabled, so the one just pressed keeps the focus while the next page loads.
import { useSelector } from '@xstate/react'
import { useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import { pageCount, type adminTableMachine, type AdminTableEvent } from '../../machines/admin-table-machine'
import { figure } from '../../shared/figures'
import { Pager } from './admin-styles'
import { Button } from './button'
import { CountInput } from './count-input'

type Table = ActorRefFrom<typeof adminTableMachine>

export function SignupsPager({ table }: { table: Table }) {
  const state = useSelector(table, (snapshot) => snapshot)
  const [wanted, setWanted] = useState('')
  const pages = pageCount(state.context)
  // An empty or partial number is 0 or NaN, which the machine refuses like any page out of range.
  const goTo = { type: 'GO_TO_PAGE', page: Number(wanted) } as const
  const step = (event: AdminTableEvent, label: string) => (
    <Button type="button" $tone="plain" aria-disabled={!state.can(event)} onClick={() => table.send(event)}>
      {label}
    </Button>
  )
  return (
    <nav aria-label="Pages of signups">
      <Pager>
        {step({ type: 'FIRST_PAGE' }, 'First page')}
        {step({ type: 'PREVIOUS_PAGE' }, 'Previous page')}
        <span>
          Page {figure(state.context.shown.page)} of {figure(pages)}
        </span>
        {step({ type: 'NEXT_PAGE' }, 'Next page')}
        {step({ type: 'LAST_PAGE' }, 'Last page')}
        <form noValidate onSubmit={(event) => (event.preventDefault(), table.send(goTo))}>
          <label htmlFor="signup-page">Go to page</label>
          <CountInput
            id="signup-page"
            max={pages}
            value={wanted}
            aria-describedby="signup-page-range"
            onText={setWanted}
          />
          <span id="signup-page-range">of {figure(pages)}</span>
          <Button type="submit" aria-disabled={!state.can(goTo)}>Go</Button>
        </form>
      </Pager>
    </nav>
  )
}
