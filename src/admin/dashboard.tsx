// The signed-in console: who is signed in, with their role, and sign-out; then each area the role may use (issue 46):
// the figures, where signups come from, the referrals, the invitations, the updates to the list, the webhooks, the
// people, the API keys, the team and the audit log. An area the role may not use is not mounted, so it asks the
// server for nothing; inside an area, buttons the role may not press are hidden (permissions.tsx). The server
// refuses the rest all the same, in words the area shows where the action was.
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { fromPromise, type ActorRefFrom } from 'xstate'
import { adminAnalyticsMachine } from '../../machines/admin-analytics-machine'
import { allows, type adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { adminWebhooksMachine } from '../../machines/admin-webhooks-machine'
import { lastDays } from '../../shared/analytics'
import * as api from './admin-api-client'
import { Bar, Button, Page, Status } from './admin-styles'
import { AnalyticsView } from './analytics-view'
import { ApiKeysArea, AuditArea, PeopleArea, ReferralsArea, SummaryArea, TeamArea, UpdatesArea, WavesArea, useReloads } from './console-areas'
import { PermissionsProvider } from './permissions'
import { WebhooksView } from './webhooks-view'

// The range's days are taken from the clock when it is asked for, so a console left open past midnight asks for today.
const analyticsMachine = adminAnalyticsMachine.provide({
  actors: { fetchReport: fromPromise(({ input, signal }) => api.fetchAnalytics(lastDays(input.days, new Date()), signal)) },
})
const webhooksMachine = adminWebhooksMachine.provide({
  actors: {
    fetchEndpoints: fromPromise(({ signal }) => api.fetchWebhooks(signal)),
    applyChange: fromPromise(({ input }) => api.applyWebhookChange(input)),
    fetchDeliveries: fromPromise(({ input, signal }) => api.fetchWebhookDeliveries(input.id, input.before, signal)),
  },
})

function AnalyticsArea() {
  return <AnalyticsView analytics={useActorRef(analyticsMachine)} />
}
function WebhooksArea() {
  return <WebhooksView webhooks={useActorRef(webhooksMachine)} />
}

export function Dashboard({ signIn }: { signIn: ActorRefFrom<typeof adminSignInMachine> }) {
  const { signedInAs, role, permissions, message } = useSelector(signIn, (state) => state.context)
  const signingOut = useSelector(signIn, (state) => state.hasTag('busy'))
  const may = (permission: Parameters<typeof allows>[1]) => allows({ permissions }, permission)
  const reloads = useReloads()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])

  return (
    <PermissionsProvider permissions={permissions}>
      <Page>
        <Bar>
          <h1 tabIndex={-1} ref={heading}>Waitlist console</h1>
          <p>
            Signed in as <strong>{signedInAs}</strong>, <span>role: <strong>{role}</strong></span>{' '}
            <Button type="button" $tone="plain" disabled={signingOut} onClick={() => signIn.send({ type: 'SIGN_OUT' })}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          </p>
        </Bar>
        {message && <Status role="alert" $tone="error">{message}</Status>}
        {may('figures:read') && <SummaryArea reloads={reloads} />}
        {may('figures:read') && <AnalyticsArea />}
        {may('people:read') && <ReferralsArea reloads={reloads} />}
        {may('figures:read') && <WavesArea reloads={reloads} />}
        {may('updates:write') && <UpdatesArea reloads={reloads} />}
        {may('webhooks:manage') && <WebhooksArea />}
        {may('people:read') && <PeopleArea reloads={reloads} />}
        {may('api-keys:manage') && <ApiKeysArea reloads={reloads} />}
        {may('team:manage') && <TeamArea reloads={reloads} />}
        {may('audit:read') && <AuditArea reloads={reloads} />}
      </Page>
    </PermissionsProvider>
  )
}
