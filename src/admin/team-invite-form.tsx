// Inviting a member (issue 46): an address and a role, each labelled, and what the chosen role may do in words below
// them; the machine (machines/admin-team-machine.ts) holds both and says whether the address will do, in words beside
// the field.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminTeamMachine } from '../../machines/admin-team-machine'
import { isRole, roles } from '../../shared/team'
import { Field, Row } from './admin-styles'
import { Button } from './button'
import { roleNames, roleWords } from './role-words'

export function TeamInviteForm({ team }: { team: ActorRefFrom<typeof adminTeamMachine> }) {
  const state = useSelector(team, (snapshot) => snapshot)
  const { email, role, change } = state.context
  const inviting = state.matches('changing') && change?.kind === 'invite'
  return (
    // noValidate: the machine says what a good address is, in words, rather than the browser's bubble.
    <form aria-labelledby="team-invite-heading" noValidate onSubmit={(event) => (event.preventDefault(), team.send({ type: 'INVITE' }))}>
      <h3 id="team-invite-heading">Invite a member</h3>
      <Row>
        <Field>
          <label htmlFor="team-invite-email">Email address</label>
          <input id="team-invite-email" type="email" autoComplete="off" value={email} onChange={(event) => team.send({ type: 'EMAIL_CHANGED', value: event.target.value })} />
        </Field>
        <Field>
          <label htmlFor="team-invite-role">Role</label>
          <select
            id="team-invite-role"
            aria-describedby="team-invite-role-words"
            value={role}
            onChange={({ target: { value } }) => isRole(value) && team.send({ type: 'ROLE_CHOSEN', role: value })}
          >
            {roles.map((each) => <option key={each} value={each}>{roleNames[each]}</option>)}
          </select>
        </Field>
        <Field>
          <Button type="submit" disabled={!state.can({ type: 'INVITE' })}>{inviting ? 'Inviting…' : 'Invite'}</Button>
        </Field>
      </Row>
      <p id="team-invite-role-words">{roleWords[role]}</p>
    </form>
  )
}
