// Invitations (/admin/invitations): the waves of invitations, the next people up (by answers too) and the daily pace.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminWavesMachine } from '../../../machines/admin-waves-machine'
import { adminCohortMachine } from '../../../machines/admin-cohort-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { WavesView, wavesViewEffects } from '../waves-view'

const wavesMachine = adminWavesMachine.provide({
  actors: {
    fetchWaves: fromPromise(({ signal }) => api.fetchWaves(signal)),
    fetchNextUp: fromPromise(({ input, signal }) => api.fetchNextUp(input.count, signal, input.match)),
    startWave: fromPromise(({ input }) => api.startWave(input)),
    inviteAgain: fromPromise(({ input }) => api.inviteAgain(input.waveId)),
    setPace: fromPromise(({ input }) => api.setPace(input.perDay, input.atUtc)),
    stopPace: fromPromise(() => api.stopPace()),
  },
  actions: wavesViewEffects,
})

// The cohort's questions are fetched only when the team adds a rule: the area's first view is the waves alone.
const cohortMachine = adminCohortMachine.provide({ actors: { fetchChoiceQuestions: fromPromise(({ signal }) => api.fetchCohortQuestions(signal)) } })

export function InvitationsArea() {
  return (
    <AreaFrame name="Invitations">
      <WavesView waves={useActorRef(wavesMachine)} cohort={useActorRef(cohortMachine)} />
    </AreaFrame>
  )
}
