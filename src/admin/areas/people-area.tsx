// People (/admin/people): the signups table, its search and export. Each address opens the person's page, where
// erasing them lives, behind its question (person-page.tsx); below, the way to the suppression list.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminTableMachine } from '../../../machines/admin-table-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { suppressionsHref } from '../person-facts'
import { SignupsTable } from '../signups-table'

const tableMachine = adminTableMachine.provide({ actors: { fetchSignups: fromPromise(({ input, signal }) => api.fetchSignups(input, signal)) } })

export function PeopleArea() {
  return (
    <AreaFrame name="People">
      <SignupsTable table={useActorRef(tableMachine)} />
      <p><a href={suppressionsHref}>Suppressed addresses</a>: who gets no more email, and why.</p>
    </AreaFrame>
  )
}
