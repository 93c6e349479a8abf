// API keys (issue 33): the keys servers call /api/v1 with, by name, scopes and the prefix they start with, when each
// was made and last used, and whether it is revoked; a live key can be revoked after a question. Making one is the
// form's (api-keys-form.tsx). Loading, making, revoking and failed are the machine's states.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminApiKeysMachine } from '../../machines/admin-api-keys-machine'
import { Row, Status } from './admin-styles'
import { Button } from './button'
import { AskFirst } from './ask-first'
import { ApiKeysForm } from './api-keys-form'
import { TitledListTable } from './list-table'
import { consoleTime } from './console-time'
import { focusSoon, Outcome } from './outcome'

const when = (iso: string | null) => (iso === null ? '—' : consoleTime(iso))

const outcomeId = 'api-keys-outcome'
/** The browser side of the API keys machine's focus action (areas/integrations-area.tsx provides it). */
export const apiKeysViewEffects = { focusOutcome: () => focusSoon(outcomeId) }

export function ApiKeysView({ apiKeys }: { apiKeys: ActorRefFrom<typeof adminApiKeysMachine> }) {
  const state = useSelector(apiKeys, (snapshot) => snapshot)
  const { keys, message, error, revoking } = state.context
  return (
    <section aria-labelledby="api-keys-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="api-keys-heading">API keys</h2>
      <p>Keys let the app’s own backend call the API (docs/api.md): each has a name and scopes, and is shown once.</p>
      <Outcome id={outcomeId} message={message} error={error} />
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">The keys could not be loaded.</Status>
          <Button type="button" onClick={() => apiKeys.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      <ApiKeysForm apiKeys={apiKeys} />
      {revoking && <RevokeQuestion apiKeys={apiKeys} name={revoking.name} may={{ confirm: state.can({ type: 'CONFIRM' }), cancel: state.can({ type: 'CANCEL' }) }} />}
      <TitledListTable
        id="api-keys-list-heading"
        heading="Keys"
        instead={keys.length > 0 ? null : state.matches('loading') ? 'Loading the keys…' : 'No key has been made yet.'}
        columns={['Name', 'Scopes', 'Starts with', 'Made', 'Last used', 'Revoked']}
        actions
      >
        {keys.map((key) => (
          <tr key={key.id}>
            <td>{key.name}</td>
            <td>{key.scopes.join(', ')}</td>
            <td><code>{key.prefix}…</code></td>
            <td>{when(key.createdAt)} by {key.createdBy}</td>
            <td>{when(key.lastUsedAt)}</td>
            <td>{when(key.revokedAt)}</td>
            <td>
              {key.revokedAt === null && (
                <Button
                  type="button"
                  $tone="plain"
                  disabled={!state.can({ type: 'REVOKE', id: key.id, name: key.name })}
                  aria-label={`Revoke key ${key.name}`}
                  onClick={() => apiKeys.send({ type: 'REVOKE', id: key.id, name: key.name })}
                >
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        ))}
      </TitledListTable>
    </section>
  )
}

/** The question before a revocation; the keyboard goes to it, as the Revoke pressed in the table is disabled meanwhile. */
function RevokeQuestion({ apiKeys, name, may }: { apiKeys: ActorRefFrom<typeof adminApiKeysMachine>; name: string; may: { confirm: boolean; cancel: boolean } }) {
  return (
    <AskFirst labelledBy="api-key-revoke-question" onKeep={() => apiKeys.send({ type: 'CANCEL' })}>
      <p id="api-key-revoke-question">Revoke the key “{name}”? A server using it is refused from now on, and this cannot be undone.</p>
      <Row>
        <Button type="button" $tone="danger" disabled={!may.confirm} onClick={() => apiKeys.send({ type: 'CONFIRM' })}>
          Revoke “{name}”
        </Button>
        <Button type="button" $tone="plain" disabled={!may.cancel} onClick={() => apiKeys.send({ type: 'CANCEL' })}>
          Keep it
        </Button>
      </Row>
    </AskFirst>
  )
}
