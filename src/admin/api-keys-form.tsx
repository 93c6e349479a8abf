// Making an API key (issue 33): its name and scopes, then the key itself, shown this once with a button to say it
// is copied. The machine (machines/admin-api-keys-machine.ts) holds the fields and says whether the key may be made.
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import type { adminApiKeysMachine } from '../../machines/admin-api-keys-machine'
import { apiKeyNameMax, apiScopes, type ApiScope } from '../../shared/api-keys'
import { Choices, Field, Row } from './admin-styles'
import { Button } from './button'
import { CopyButton } from './copy-button'

const Secret = styled.code`
  display: block;
  font-size: 1.05rem;
  overflow-wrap: anywhere;
  padding: 0.6rem 0.75rem;
  margin: 0.5rem 0 0.75rem;
  border: 1px dashed currentColor;
  border-radius: 0.4rem;
`

export const scopeWords: Record<ApiScope, string> = {
  'people:read': 'people:read — look up a person’s status and invitation by address',
  'answers:read': 'answers:read — a person’s answers to the questions, by address (health answers left out)',
  'answers:sensitive:read': 'answers:sensitive:read — their health answers too, each call in the audit log',
  'activations:write': 'activations:write — record that a person installed and started the app',
}

export function ApiKeysForm({ apiKeys }: { apiKeys: ActorRefFrom<typeof adminApiKeysMachine> }) {
  const state = useSelector(apiKeys, (snapshot) => snapshot)
  const { name, scopes, made } = state.context
  const shown = useRef<HTMLHeadingElement>(null)
  // The key appears once: the keyboard goes to it, so nobody tabs past it unseen.
  useEffect(() => {
    if (made) shown.current?.focus()
  }, [made])
  return (
    <>
      {made && (
        <div role="region" aria-labelledby="api-key-made-heading">
          <h3 id="api-key-made-heading" tabIndex={-1} ref={shown}>
            The key “{made.key.name}”: copy it now
          </h3>
          <p>This is the only time it is shown. Keep it where the server that uses it keeps its secrets.</p>
          <Secret>{made.secret}</Secret>
          <CopyButton text={made.secret} label="Copy the API key" />
          <Button type="button" onClick={() => apiKeys.send({ type: 'DISMISS' })}>
            I have copied it
          </Button>
        </div>
      )}
      <form aria-labelledby="api-key-form-heading" noValidate onSubmit={(event) => (event.preventDefault(), apiKeys.send({ type: 'MAKE' }))}>
        <h3 id="api-key-form-heading">Make a key</h3>
        <Field>
          <label htmlFor="api-key-name">Name (what will use it)</label>
          <input id="api-key-name" value={name} maxLength={apiKeyNameMax} onChange={(event) => apiKeys.send({ type: 'NAME_CHANGED', value: event.target.value })} />
        </Field>
        <Choices>
          <legend>Scopes</legend>
          {apiScopes.map((scope) => (
            <label key={scope}>
              <input type="checkbox" checked={scopes.includes(scope)} onChange={() => apiKeys.send({ type: 'SCOPE_TOGGLED', scope })} />
              {scopeWords[scope]}
            </label>
          ))}
        </Choices>
        <Row>
          <Button type="submit" disabled={!state.can({ type: 'MAKE' })}>
            {state.matches('making') ? 'Making the key…' : 'Make key'}
          </Button>
        </Row>
      </form>
    </>
  )
}
