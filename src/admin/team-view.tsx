// The team (issue 46), for a member whose role manages it: every member with their role and last sign-in, the owners
// ADMIN_EMAILS names marked as the settings' own (the console cannot remove or demote them), a role to change and
// Remove (after a question) for the others, and the invite form. Loading, changing, confirmingRemove and failed are
// the machine's states (machines/admin-team-machine.ts); the outcome of each change is where the keyboard goes next,
// since the row or the button pressed may be gone.
import { useSelector } from '@xstate/react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import type { adminTeamMachine } from '../../machines/admin-team-machine'
import { isRole, roles } from '../../shared/team'
import { theme } from '../ui/theme'
import { Field, Row, Status } from './admin-styles'
import { Button } from './button'
import { AskFirst } from './ask-first'
import { TitledListTable } from './list-table'
import { roleNames } from './role-words'
import { TeamInviteForm } from './team-invite-form'
import { consoleTime } from './console-time'
import { focusSoon, Outcome } from './outcome'

const RoleChoice = styled.select`
  font: inherit;
  padding: 0.3rem 0.5rem;
  border: 1px solid ${theme.color.inkMuted};
  border-radius: 0.4rem;
`

const outcomeId = 'team-outcome'
/** The browser side of the team machine's focus action (areas/team-area.tsx provides it). */
export const teamViewEffects = { focusOutcome: () => focusSoon(outcomeId) }

type Team = ActorRefFrom<typeof adminTeamMachine>
const when = (iso: string | null) => (iso === null ? 'Not yet' : consoleTime(iso))

export function TeamView({ team }: { team: Team }) {
  const state = useSelector(team, (snapshot) => snapshot)
  const { members, message, error, change } = state.context
  const removing = state.matches('confirmingRemove') && change?.kind === 'remove' ? change.email : null
  return (
    <section aria-labelledby="team-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="team-heading">Team</h2>
      <p>Who may sign in to this console, and what each may do. An invitation is a sign-in link to that address.</p>
      <Outcome id={outcomeId} message={message} error={error} />
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">The team could not be loaded.</Status>
          <Button type="button" onClick={() => team.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      {removing && <RemoveQuestion team={team} email={removing} />}
      <TitledListTable
        id="team-members-heading"
        heading="Members"
        instead={members.length > 0 ? null : state.hasTag('busy') ? 'Loading the team…' : 'Nobody is on the team yet.'}
        columns={['Address', 'Role', 'Last sign-in']}
        actions
      >
        {members.map((member) => (
          <tr key={member.email}>
            <th scope="row">{member.email}</th>
            <td>
              {member.fromSettings ? (
                `${roleNames[member.role]}, from ADMIN_EMAILS`
              ) : (
                <RoleChoice
                  aria-label={`Role of ${member.email}`}
                  value={member.role}
                  disabled={!state.can({ type: 'CHANGE_ROLE', email: member.email, role: member.role })}
                  onChange={({ target: { value } }) => isRole(value) && team.send({ type: 'CHANGE_ROLE', email: member.email, role: value })}
                >
                  {roles.map((role) => <option key={role} value={role}>{roleNames[role]}</option>)}
                </RoleChoice>
              )}
            </td>
            <td>{when(member.lastSignInAt)}</td>
            <td>
              {!member.fromSettings && (
                <Button
                  type="button"
                  $tone="plain"
                  disabled={!state.can({ type: 'REMOVE', email: member.email })}
                  aria-label={`Remove ${member.email}`}
                  onClick={() => team.send({ type: 'REMOVE', email: member.email })}
                >
                  Remove
                </Button>
              )}
            </td>
          </tr>
        ))}
      </TitledListTable>
      <TeamInviteForm team={team} />
    </section>
  )
}

/** The question before a removal; the keyboard goes to it. */
function RemoveQuestion({ team, email }: { team: Team; email: string }) {
  return (
    <AskFirst labelledBy="team-remove-question" onKeep={() => team.send({ type: 'CANCEL' })}>
      <p id="team-remove-question">Remove {email} from the team? Their sessions end at once, and their open console is refused at its next request.</p>
      <Row>
        <Field>
          <Button type="button" $tone="danger" onClick={() => team.send({ type: 'CONFIRM' })}>Remove {email}</Button>
        </Field>
        <Field>
          <Button type="button" $tone="plain" onClick={() => team.send({ type: 'CANCEL' })}>Keep them</Button>
        </Field>
      </Row>
    </AskFirst>
  )
}
