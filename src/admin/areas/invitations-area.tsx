// Invitations (/admin/invitations): the waves of invitations, the next people up and the daily pace.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminWavesMachine } from '../../../machines/admin-waves-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { WavesView, wavesViewEffects } from '../waves-view'

const wavesMachine = adminWavesMachine.provide({
  actors: {
    fetchWaves: fromPromise(({ signal }) => api.fetchWaves(signal)),
    fetchNextUp: fromPromise(({ input, signal }) => api.fetchNextUp(input.count, signal)),
    startWave: fromPromise(({ input }) => api.startWave(input.count, input.firstId)),
    inviteAgain: fromPromise(({ input }) => api.inviteAgain(input.waveId)),
    setPace: fromPromise(({ input }) => api.setPace(input.perDay, input.atUtc)),
    stopPace: fromPromise(() => api.stopPace()),
  },
  actions: wavesViewEffects,
})

export function InvitationsArea() {
  return (
    <AreaFrame name="Invitations">
      <WavesView waves={useActorRef(wavesMachine)} />
    </AreaFrame>
  )
}
