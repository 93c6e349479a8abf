// People (/admin/people): the signups table, its search and export. Each address opens the person's page, where
// erasing them lives, behind its question (person-page.tsx).
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminTableMachine } from '../../../machines/admin-table-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { SignupsTable } from '../signups-table'

const tableMachine = adminTableMachine.provide({ actors: { fetchSignups: fromPromise(({ input, signal }) => api.fetchSignups(input, signal)) } })

export function PeopleArea() {
  return (
    <AreaFrame name="People">
      <SignupsTable table={useActorRef(tableMachine)} />
    </AreaFrame>
  )
}
