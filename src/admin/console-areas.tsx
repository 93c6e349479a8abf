// The console's areas (issue 46), each mounted only for a member whose role may use it, so none asks the server for
// what it would refuse. Each area runs its own machine; a change in one asks others to load again through `Reloads`
// (an erasure: the figures, the referrals, the invitations, the table and the audit log; a referral's review and a
// wave: the figures, the table and the audit log; every change to an update, a key or the team: the audit log). An
// area that is not shown is not told.
import { useActorRef } from '@xstate/react'
import { useEffect, useMemo, useRef } from 'react'
import { fromPromise } from 'xstate'
import { adminApiKeysMachine } from '../../machines/admin-api-keys-machine'
import { adminAuditMachine } from '../../machines/admin-audit-machine'
import { adminReferralsMachine } from '../../machines/admin-referrals-machine'
import { adminSummaryMachine } from '../../machines/admin-summary-machine'
import { adminTableMachine } from '../../machines/admin-table-machine'
import { adminTeamMachine } from '../../machines/admin-team-machine'
import { adminUpdatesMachine } from '../../machines/admin-updates-machine'
import { adminWavesMachine } from '../../machines/admin-waves-machine'
import * as api from './admin-api-client'
import { ApiKeysView } from './api-keys-view'
import { AuditLog } from './audit-log'
import { ReferralsView } from './referrals-view'
import { SignupsTable } from './signups-table'
import { SummaryView } from './summary-view'
import { TeamView, teamViewEffects } from './team-view'
import { UpdatesView, updatesViewEffects } from './updates-view'
import { WavesView, wavesViewEffects } from './waves-view'

type Area = 'summary' | 'audit' | 'table' | 'referrals' | 'waves'
type Receiver = { send: (event: { type: 'RELOAD' }) => void }
export type Reloads = { register: (area: Area, actor: Receiver) => () => void; reload: (...areas: Area[]) => void }

/** The areas shown, by name, to be told to load again. */
export function useReloads(): Reloads {
  const shown = useRef(new Map<Area, Receiver>())
  return useMemo(
    () => ({
      register: (area, actor) => (shown.current.set(area, actor), () => void shown.current.delete(area)),
      reload: (...areas) => areas.forEach((area) => shown.current.get(area)?.send({ type: 'RELOAD' })),
    }),
    [],
  )
}
const useShown = (reloads: Reloads, area: Area, actor: Receiver) => useEffect(() => reloads.register(area, actor), [reloads, area, actor])

const summaryMachine = adminSummaryMachine.provide({ actors: { fetchSummary: fromPromise(({ signal }) => api.fetchSummary(signal)) } })
const auditMachine = adminAuditMachine.provide({ actors: { fetchAudit: fromPromise(({ input, signal }) => api.fetchAudit(input.before, signal)) } })
const tableMachine = adminTableMachine.provide({ actors: { fetchSignups: fromPromise(({ input, signal }) => api.fetchSignups(input, signal)) } })
const referralsMachine = adminReferralsMachine.provide({
  actors: {
    fetchReferrals: fromPromise(({ input, signal }) => api.fetchReferrals(input.after, signal)),
    reviewReferral: fromPromise(({ input }) => api.reviewReferral(input.friendId, input.verdict)),
  },
})
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
const apiKeysMachine = adminApiKeysMachine.provide({
  actors: {
    fetchKeys: fromPromise(({ signal }) => api.fetchApiKeys(signal)),
    makeKey: fromPromise(({ input }) => api.makeApiKey(input)),
    revokeKey: fromPromise(({ input }) => api.revokeApiKey(input.id)),
  },
})
const updatesMachine = adminUpdatesMachine.provide({
  actors: {
    fetchUpdates: fromPromise(({ signal }) => api.fetchUpdates(signal)),
    fetchUpdate: fromPromise(({ input, signal }) => api.fetchUpdate(input.id, signal)),
    saveUpdate: fromPromise(({ input }) => api.saveUpdate(input.id, input.input)),
    fetchPreview: fromPromise(({ input, signal }) => api.fetchUpdatePreview(input.id, signal)),
    sendTest: fromPromise(({ input }) => api.sendUpdateTest(input.id)),
    fetchAudiences: fromPromise(({ signal }) => api.fetchAudiences(signal)),
    startSend: fromPromise(({ input }) => api.sendUpdate(input.id, input.request)),
    moveSend: fromPromise(({ input }) => api.moveUpdateSend(input.id, input.move)),
    deleteUpdate: fromPromise(({ input }) => api.deleteUpdate(input.id)),
  },
  actions: updatesViewEffects,
})
const teamMachine = adminTeamMachine.provide({
  actors: {
    fetchTeam: fromPromise(({ signal }) => api.fetchTeam(signal)),
    changeTeam: fromPromise(({ input }) => api.applyTeamChange(input)),
  },
})

type AreaProps = { reloads: Reloads }

export function SummaryArea({ reloads }: AreaProps) {
  const summary = useActorRef(summaryMachine)
  useShown(reloads, 'summary', summary)
  return <SummaryView summary={summary} />
}

export function AuditArea({ reloads }: AreaProps) {
  const audit = useActorRef(auditMachine)
  useShown(reloads, 'audit', audit)
  return <AuditLog audit={audit} />
}

export function PeopleArea({ reloads }: AreaProps) {
  const table = useActorRef(tableMachine)
  useShown(reloads, 'table', table)
  // Erasing is on each person's page now (person-page.tsx, issue 47).
  return <SignupsTable table={table} />
}

export function ReferralsArea({ reloads }: AreaProps) {
  const referrals = useActorRef(referralsMachine.provide({ actions: { announceReviewed: () => reloads.reload('summary', 'audit', 'table') } }))
  useShown(reloads, 'referrals', referrals)
  return <ReferralsView referrals={referrals} />
}

export function WavesArea({ reloads }: AreaProps) {
  const waves = useActorRef(wavesMachine.provide({ actions: { announceInvited: () => reloads.reload('summary', 'audit', 'table') } }))
  useShown(reloads, 'waves', waves)
  return <WavesView waves={waves} />
}

export function UpdatesArea({ reloads }: AreaProps) {
  const updates = useActorRef(updatesMachine.provide({ actions: { announceChange: () => reloads.reload('audit') } }))
  return <UpdatesView updates={updates} />
}

export function ApiKeysArea({ reloads }: AreaProps) {
  const apiKeys = useActorRef(apiKeysMachine.provide({ actions: { announceChanged: () => reloads.reload('audit') } }))
  return <ApiKeysView apiKeys={apiKeys} />
}

export function TeamArea({ reloads }: AreaProps) {
  const team = useActorRef(teamMachine.provide({ actions: { ...teamViewEffects, announceChanged: () => reloads.reload('audit') } }))
  return <TeamView team={team} />
}
