// The page of one person (issue 47), where the console's router shows /admin/people/$personId: its machines with
// their real actors (the person's record, the erasure that ends in the page saying so, and a lift off the suppression
// list that reads the record again), started afresh for each
// person, so that following a link from one person to another loads the other.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminEraseMachine } from '../../machines/admin-erase-machine'
import { adminLiftMachine } from '../../machines/admin-lift-machine'
import { adminPersonMachine } from '../../machines/admin-person-machine'
import * as api from './admin-api-client'
import { PersonView } from './person-view'

export const personMachineForBrowser = adminPersonMachine.provide({
  actors: { fetchPerson: fromPromise(({ input, signal }) => api.fetchPerson(input.personId, signal)) },
})
const liftMachineForBrowser = adminLiftMachine.provide({ actors: { liftSuppression: fromPromise(({ input }) => api.liftSuppression(input.email)) } })
const eraseMachineForBrowser = adminEraseMachine.provide({ actors: { eraseSignup: fromPromise(({ input }) => api.eraseSignup(input.id)) } })

function PersonArea({ personId }: { personId: number }) {
  const person = useActorRef(personMachineForBrowser, { input: { personId } })
  const erase = useActorRef(eraseMachineForBrowser.provide({ actions: { announceErased: () => person.send({ type: 'ERASED' }) } }))
  const lift = useActorRef(liftMachineForBrowser.provide({ actions: { announceLifted: () => person.send({ type: 'RELOAD' }) } }))
  return <PersonView person={person} erase={erase} lift={lift} />
}

export function PersonPage({ personId }: { personId: number }) {
  return <PersonArea key={personId} personId={personId} />
}
