import { useMachine } from '@xstate/react'
import { useLayoutEffect } from 'react'
import { newsChoiceMachine } from '../../machines/news-choice-machine'
import type { NewsChoice } from '../../shared/email-purposes'
import { newsChoiceCopy as copy } from '../content/consent-pages'
import { devInspect } from '../dev/inspector'
import { Button, Lead } from '../ui/primitives'
import { sendNewsChoiceTo } from './consent-actors'
import { consentEndpoint } from './consent-client'
import { waitlistEndpoint } from './endpoint'
import { submitTo } from './form-parts'
import { Form, Status } from './waitlist-form.styles'

export interface NewsChoicePanelProps {
  /** What the button offers first: `on` asks, `off` takes back what was just given. */
  offer: NewsChoice
  /** The token the choice acts with: the confirmation's reply's, or the page's address's (read when the view
   * takes over: the prerendered page cannot know it). */
  readToken: () => string
  /** Defaults to the endpoint fixed at build time; empty means no question is asked. */
  endpoint?: string
}

// A thin view of the news choice machine. Without a script, the form posts back to the page's own address
// (no action attribute: the token in its query string goes along) with the choice it offers, and the server
// answers with the outcome page of that choice. With the script, the machine sends the choice once and shows
// the answer here, with the other choice. Its answers are a live region of their own, not a second status:
// the page's status line stays the answer to the page's own button.
export function NewsChoicePanel({ offer, readToken, endpoint = waitlistEndpoint }: NewsChoicePanelProps) {
  const [state, send, actor] = useMachine(newsChoiceMachine.provide({ actors: { sendChoice: sendNewsChoiceTo(endpoint) } }), {
    input: { endpointConfigured: consentEndpoint(endpoint, 'news') !== '', offer },
    inspect: devInspect,
  })
  // In the hydration commit, before an early tap is replayed (src/boot/early-event-replay.tsx).
  useLayoutEffect(() => {
    actor.send({ type: 'LINK_READ', token: readToken() })
  }, [actor, readToken])

  if (state.matches('byEmail') || state.matches('missingToken')) return null
  const { message, ok } = state.context
  const choice = state.context.offer
  return (
    <section aria-labelledby="news-choice-title">
      <h2 id="news-choice-title">{copy.title}</h2>
      {state.hasTag('actionable') && (
        <Form method="post" aria-busy={state.hasTag('busy')} onSubmit={submitTo(send)}>
          <Lead>{copy.lead[choice]}</Lead>
          <input type="hidden" name="news" value={choice} />
          <Button type="submit" $variant={choice === 'on' ? 'primary' : 'secondary'} disabled={!state.can({ type: 'SUBMIT' })}>
            {copy.button[choice]}
          </Button>
        </Form>
      )}
      <Status aria-live="polite" $tone={ok === true ? 'success' : ok === false ? 'error' : 'neutral'}>
        {message}
      </Status>
    </section>
  )
}
