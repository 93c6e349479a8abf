// Integrations (/admin/integrations): the webhooks and the API keys, each shown to a role that may manage it.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminApiKeysMachine } from '../../../machines/admin-api-keys-machine'
import { adminWebhooksMachine } from '../../../machines/admin-webhooks-machine'
import * as api from '../admin-api-client'
import { ApiKeysView, apiKeysViewEffects } from '../api-keys-view'
import { AreaFrame } from '../area-frame'
import { useAllows } from '../permissions'
import { WebhooksView, webhooksViewEffects } from '../webhooks-view'

const webhooksMachine = adminWebhooksMachine.provide({
  actors: {
    fetchEndpoints: fromPromise(({ signal }) => api.fetchWebhooks(signal)),
    applyChange: fromPromise(({ input }) => api.applyWebhookChange(input)),
    fetchDeliveries: fromPromise(({ input, signal }) => api.fetchWebhookDeliveries(input.id, input.before, signal)),
  },
  actions: webhooksViewEffects,
})
const apiKeysMachine = adminApiKeysMachine.provide({
  actors: {
    fetchKeys: fromPromise(({ signal }) => api.fetchApiKeys(signal)),
    makeKey: fromPromise(({ input }) => api.makeApiKey(input)),
    revokeKey: fromPromise(({ input }) => api.revokeApiKey(input.id)),
  },
  actions: apiKeysViewEffects,
})

const Webhooks = () => <WebhooksView webhooks={useActorRef(webhooksMachine)} />
const ApiKeys = () => <ApiKeysView apiKeys={useActorRef(apiKeysMachine)} />

export function IntegrationsArea() {
  const webhooks = useAllows('webhooks:manage')
  const apiKeys = useAllows('api-keys:manage')
  return (
    <AreaFrame name="Integrations">
      {webhooks && <Webhooks />}
      {apiKeys && <ApiKeys />}
    </AreaFrame>
  )
}
