// The signed-in console: who is signed in and sign-out, the figures, where signups come from, the referrals, the
// invitations, the updates to the list, the table, the API keys and the audit log. Each part runs its own machine; an erasure asks the figures, the referrals,
// the invitations and the table to reload, a referral's review the figures and the table (the referrer's place has
// moved), and a wave the figures and the table (the invited people's statuses have changed); each of them asks the
// audit log too, as does every change to an update.
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { adminAnalyticsMachine } from '../../machines/admin-analytics-machine'
import { lastDays } from '../../shared/analytics'
import { adminApiKeysMachine } from '../../machines/admin-api-keys-machine'
import { adminAuditMachine } from '../../machines/admin-audit-machine'
import { adminEraseMachine } from '../../machines/admin-erase-machine'
import { adminReferralsMachine } from '../../machines/admin-referrals-machine'
import type { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { adminSummaryMachine } from '../../machines/admin-summary-machine'
import { adminTableMachine } from '../../machines/admin-table-machine'
import { adminUpdatesMachine } from '../../machines/admin-updates-machine'
import { adminWavesMachine } from '../../machines/admin-waves-machine'
import { adminWebhooksMachine } from '../../machines/admin-webhooks-machine'
import * as api from './admin-api-client'
import { Bar, Button, Page, Status } from './admin-styles'
import { AnalyticsView } from './analytics-view'
import { ApiKeysView } from './api-keys-view'
import { AuditLog } from './audit-log'
import { EraseDialog } from './erase-dialog'
import { ReferralsView } from './referrals-view'
import { SignupsTable } from './signups-table'
import { SummaryView } from './summary-view'
import { UpdatesView, updatesViewEffects } from './updates-view'
import { WavesView, wavesViewEffects } from './waves-view'
import { WebhooksView } from './webhooks-view'

// The range's days are taken from the clock when it is asked for, so a console left open past midnight asks for today.
const analyticsMachine = adminAnalyticsMachine.provide({
  actors: { fetchReport: fromPromise(({ input, signal }) => api.fetchAnalytics(lastDays(input.days, new Date()), signal)) },
})
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

const webhooksMachine = adminWebhooksMachine.provide({
  actors: {
    fetchEndpoints: fromPromise(({ signal }) => api.fetchWebhooks(signal)),
    applyChange: fromPromise(({ input }) => api.applyWebhookChange(input)),
    fetchDeliveries: fromPromise(({ input, signal }) => api.fetchWebhookDeliveries(input.id, input.before, signal)),
  },
})

export function Dashboard({ signIn }: { signIn: ActorRefFrom<typeof adminSignInMachine> }) {
  const signedInAs = useSelector(signIn, (state) => state.context.signedInAs)
  const signingOut = useSelector(signIn, (state) => state.hasTag('busy'))
  const message = useSelector(signIn, (state) => state.context.message)
  const summary = useActorRef(summaryMachine)
  const analytics = useActorRef(analyticsMachine)
  const audit = useActorRef(auditMachine)
  const table = useActorRef(tableMachine)
  const referrals = useActorRef(
    referralsMachine.provide({
      actions: {
        announceReviewed: () => {
          summary.send({ type: 'RELOAD' })
          audit.send({ type: 'RELOAD' })
          table.send({ type: 'RELOAD' })
        },
      },
    }),
  )
  const waves = useActorRef(
    wavesMachine.provide({
      actions: {
        announceInvited: () => {
          summary.send({ type: 'RELOAD' })
          audit.send({ type: 'RELOAD' })
          table.send({ type: 'RELOAD' })
        },
      },
    }),
  )
  const updates = useActorRef(updatesMachine.provide({ actions: { announceChange: () => audit.send({ type: 'RELOAD' }) } }))
  const apiKeys = useActorRef(apiKeysMachine.provide({ actions: { announceChanged: () => audit.send({ type: 'RELOAD' }) } }))
  const webhooks = useActorRef(webhooksMachine)
  const erase = useActorRef(
    adminEraseMachine.provide({
      actors: { eraseSignup: fromPromise(({ input }) => api.eraseSignup(input.id)) },
      actions: {
        announceErased: () => {
          summary.send({ type: 'RELOAD' })
          audit.send({ type: 'RELOAD' })
          table.send({ type: 'RELOAD' })
          referrals.send({ type: 'RELOAD' })
          waves.send({ type: 'RELOAD' })
        },
      },
    }),
  )
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  return (
    <Page>
      <Bar>
        <h1 tabIndex={-1} ref={heading}>Waitlist console</h1>
        <p>
          Signed in as <strong>{signedInAs}</strong>{' '}
          <Button type="button" $tone="plain" disabled={signingOut} onClick={() => signIn.send({ type: 'SIGN_OUT' })}>
            {signingOut ? 'Signing out…' : 'Sign out'}
          </Button>
        </p>
      </Bar>
      {message && <Status role="alert" $tone="error">{message}</Status>}
      <SummaryView summary={summary} />
      <AnalyticsView analytics={analytics} />
      <ReferralsView referrals={referrals} />
      <WavesView waves={waves} />
      <UpdatesView updates={updates} />
      <WebhooksView webhooks={webhooks} />
      <SignupsTable table={table} erase={erase} />
      <EraseDialog erase={erase} />
      <ApiKeysView apiKeys={apiKeys} />
      <AuditLog audit={audit} />
    </Page>
  )
}
