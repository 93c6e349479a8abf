// One person's page (issue 47), in the person machine's states: loading, their record (facts, then lists), no such
// person, a failure with a retry, and erased. Erase is here, not on every row of the table, behind its question
// (erase-dialog.tsx), for a member whose role may erase; once it is done the page keeps nothing of them but who it
// was, moves the keyboard to its heading, and leads back to People. A member who may export people downloads the
// person's own copy of their data (issue 51), for a request that came by post or phone; the server audits it.
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { adminEraseMachine } from '../../machines/admin-erase-machine'
import type { adminLiftMachine } from '../../machines/admin-lift-machine'
import type { adminPersonMachine } from '../../machines/admin-person-machine'
import { personCopyHref } from './admin-api-client'
import { Row, Status } from './admin-styles'
import { Button } from './button'
import { EraseDialog } from './erase-dialog'
import { peopleHref, PersonFacts } from './person-facts'
import { PersonAnswers } from './person-answers'
import { PersonTables } from './person-tables'
import { useAllows } from './permissions'

type Props = { person: ActorRefFrom<typeof adminPersonMachine>; erase: ActorRefFrom<typeof adminEraseMachine>; lift?: ActorRefFrom<typeof adminLiftMachine> }

export const personMessages = {
  loading: 'Loading this person…',
  failed: 'This person’s record could not be loaded.',
  notFound: (id: number) => `Nobody on the list has the number ${id}. They may have been erased.`,
} as const

export function PersonView({ person, erase, lift }: Props) {
  const state = useSelector(person, (snapshot) => snapshot)
  const mayErase = useAllows('people:erase')
  const mayExport = useAllows('people:export')
  const mayLift = useAllows('suppressions:manage')
  const heading = useRef<HTMLHeadingElement>(null)
  const erased = state.matches('erased')
  // The Erase button is gone with the record: the keyboard goes to the heading that says what happened.
  useEffect(() => {
    if (erased) heading.current?.focus()
  }, [erased])
  const { personId, person: record } = state.context
  const title = record ? record.signup.email : erased ? 'Erased' : state.matches('notFound') ? 'No such person' : `Person #${personId}`
  return (
    <section aria-labelledby="person-heading" aria-busy={state.hasTag('busy')}>
      <p><a href={peopleHref}>Back to People</a></p>
      <h2 id="person-heading" tabIndex={-1} ref={heading}>{title}</h2>
      {state.hasTag('busy') && <Status role="status">{personMessages.loading}</Status>}
      {state.matches('notFound') && <p>{personMessages.notFound(personId)}</p>}
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">{personMessages.failed}</Status>
          <Button type="button" disabled={!state.can({ type: 'RETRY' })} onClick={() => person.send({ type: 'RETRY' })}>Try again</Button>
        </>
      )}
      {record && (
        <>
          <PersonFacts person={record} emailAction={mayLift && lift ? <LiftButton lift={lift} email={record.signup.email} /> : undefined} />
          {mayExport && (
            <p>
              <a href={personCopyHref(record.signup.id)} download>{`Download ${record.signup.email}’s copy of their data (JSON)`}</a>
            </p>
          )}
          {mayErase && (
            <Row>
              <Button type="button" $tone="danger" aria-label={`Erase ${record.signup.email}`} onClick={() => erase.send({ type: 'ERASE_REQUESTED', target: { id: record.signup.id, email: record.signup.email } })}>
                Erase
              </Button>
            </Row>
          )}
          <PersonAnswers answers={record.answers} />
          <PersonTables person={record} />
        </>
      )}
      <EraseDialog erase={erase} />
    </section>
  )
}

/** Lift on the Email row of a suppressed person: takes the address off the list; the page then reads them again. */
function LiftButton({ lift, email }: { lift: ActorRefFrom<typeof adminLiftMachine>; email: string }) {
  const state = useSelector(lift, (snapshot) => snapshot)
  return (
    <>
      <Button type="button" $tone="plain" aria-label={`Lift ${email} off the suppression list`} aria-disabled={!state.can({ type: 'LIFT', email })} onClick={() => lift.send({ type: 'LIFT', email })}>
        Lift
      </Button>
      {state.context.error && <Status role="alert" $tone="error">{state.context.error}</Status>}
    </>
  )
}
