// The page of one person (issue 47), where the console's router shows /admin/people/$personId: its machines with
// their real actors (the person's record, and the erasure that ends in the page saying so), started afresh for each
// person, so that following a link from one person to another loads the other.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminEraseMachine } from '../../machines/admin-erase-machine'
import { adminPersonMachine } from '../../machines/admin-person-machine'
import * as api from './admin-api-client'
import { PersonView } from './person-view'

export const personMachineForBrowser = adminPersonMachine.provide({
  actors: { fetchPerson: fromPromise(({ input, signal }) => api.fetchPerson(input.personId, signal)) },
})
const eraseMachineForBrowser = adminEraseMachine.provide({ actors: { eraseSignup: fromPromise(({ input }) => api.eraseSignup(input.id)) } })

function PersonArea({ personId }: { personId: number }) {
  const person = useActorRef(personMachineForBrowser, { input: { personId } })
  const erase = useActorRef(eraseMachineForBrowser.provide({ actions: { announceErased: () => person.send({ type: 'ERASED' }) } }))
  return <PersonView person={person} erase={erase} />
}

export function PersonPage({ personId }: { personId: number }) {
  return <PersonArea key={personId} personId={personId} />
}
