// Team (/admin/team): who may sign in, with which role; inviting, changing a role, removing.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminTeamMachine } from '../../../machines/admin-team-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { TeamView, teamViewEffects } from '../team-view'

const teamMachine = adminTeamMachine.provide({
  actors: {
    fetchTeam: fromPromise(({ signal }) => api.fetchTeam(signal)),
    changeTeam: fromPromise(({ input }) => api.applyTeamChange(input)),
  },
  actions: teamViewEffects,
})

export function TeamArea() {
  return (
    <AreaFrame name="Team">
      <TeamView team={useActorRef(teamMachine)} />
    </AreaFrame>
  )
}
