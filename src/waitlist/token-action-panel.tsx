import { useMachine } from '@xstate/react'
import { useLayoutEffect, type ReactNode } from 'react'
import { tokenActionMachine, type TokenActionEvent } from '../../machines/token-action-machine'
import { placeInLine, tokenPages, type TokenAction } from '../content/consent-pages'
import { devInspect } from '../dev/inspector'
import { Button, Lead } from '../ui/primitives'
import { sendTokenTo } from './consent-actors'
import { consentEndpoint } from './consent-client'
import { waitlistEndpoint } from './endpoint'
import { FormStatus, submitTo, submitWith } from './form-parts'
import { Form } from './waitlist-form.styles'

export interface TokenActionPanelProps {
  action: TokenAction
  /** Defaults to the endpoint fixed at build time; empty means the page explains how to ask by email. */
  endpoint?: string
  /** The link's token; read from the address when the view takes over (the prerendered page cannot know it). */
  readToken?: () => string
  /** What is shown after the reply: one thing when it worked (with the token the reply handed on for the page's
   * next form, if any, and the questions page's), another when the link was refused or is incomplete. */
  renderNext: (outcome: 'done' | 'refused', reply?: { nextToken: string | null; questionsToken: string | null }) => ReactNode
}

/** The unsubscribe page's second button: every email, not only this kind. */
const stopAll: Extract<TokenActionEvent, { type: 'SUBMIT' }> = { type: 'SUBMIT', scope: 'all' }

const tokenFromAddress = () => new URLSearchParams(window.location.search).get('token') ?? ''

// A thin view of the token action machine. Without a script, the form posts back to this page's own
// address (no action attribute: the token in the query string goes along), and the server answers with
// the outcome page. With the script, the machine sends the token once and shows the reply here. The
// unsubscribe page has a second form, whose post says `scope=all`: stop every email, not only this kind.
export function TokenActionPanel({ action, endpoint = waitlistEndpoint, readToken = tokenFromAddress, renderNext }: TokenActionPanelProps) {
  const copy = tokenPages[action]
  const [state, send, actor] = useMachine(tokenActionMachine.provide({ actors: { sendToken: sendTokenTo(action, endpoint) } }), {
    input: { endpointConfigured: consentEndpoint(endpoint, action) !== '' },
    inspect: devInspect,
  })
  // In the hydration commit, before an early tap is replayed (src/boot/early-event-replay.tsx): the machine
  // knows the link's token before any SUBMIT can reach it.
  useLayoutEffect(() => {
    actor.send({ type: 'LINK_READ', token: readToken() })
  }, [actor, readToken])

  const { message, ok, place } = state.context
  // A confirmation that worked says where the person stands, after its message and in the same status line,
  // so a screen reader reads the two together. An older server gives no place: then the message alone.
  const placeLine = action === 'confirm' && state.matches('done') && place ? ` ${placeInLine(place.place, place.inLine)}` : ''
  const status = state.matches('missingToken') ? copy.missingToken : state.matches('byEmail') ? copy.byEmail : message + placeLine

  return (
    <>
      {state.hasTag('actionable') && (
        <Form method="post" aria-busy={state.hasTag('busy')} onSubmit={submitTo(send)}>
          <Lead>{copy.body}</Lead>
          <Button type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
            {copy.button}
          </Button>
        </Form>
      )}
      {state.hasTag('actionable') && copy.stopAll && (
        <Form method="post" aria-busy={state.hasTag('busy')} onSubmit={submitWith(send, stopAll)}>
          <input type="hidden" name="scope" value="all" />
          <Button type="submit" $variant="secondary" disabled={!state.can({ type: 'SUBMIT' })}>
            {copy.stopAll.button}
          </Button>
        </Form>
      )}
      <FormStatus ok={state.matches('missingToken') ? false : ok} message={status} />
      {state.matches('done') && renderNext('done', { nextToken: state.context.nextToken, questionsToken: state.context.questionsToken })}
      {(state.matches('refused') || state.matches('missingToken')) && renderNext('refused')}
    </>
  )
}
