import { useMachine } from '@xstate/react'
import { useLayoutEffect, useRef } from 'react'
import { brand } from '../../shared/brand'
import { devInspect } from '../dev/inspector'
import { Button } from '../ui/primitives'
import { consentEndpoint } from './consent-client'
import { waitlistEndpoint } from './endpoint'
import { EmailField, FormStatus, emailFormEffects, submitTo } from './form-parts'
import type { LinkRequestPage } from './link-requests'
import { Form } from './waitlist-form.styles'

// A thin view of a request for a link to one's inbox (machines/link-request-machine.ts), built like the waitlist
// form: the page gives its machine, its words and its endpoint's path (link-requests.ts). Without a script the
// browser posts the form itself: to <endpoint>/<path>, which answers with the outcome page, or, with no endpoint,
// into a mail draft to us. The reply shown is always the server's sentence.
export function LinkRequestForm({ request, endpoint = waitlistEndpoint }: { request: LinkRequestPage; endpoint?: string }) {
  const { machine, requestId, requestTo, path, mailtoSubject, words } = request
  const ids = { email: `${path}-email`, status: `${path}-status` }
  const emailField = useRef<HTMLInputElement>(null)
  const target = consentEndpoint(endpoint, path)
  const [state, send, actor] = useMachine(
    machine.provide({ actions: emailFormEffects(ids.email), actors: { [requestId]: requestTo(endpoint) } }),
    { input: { contactEmail: brand.privacyEmail, endpointConfigured: target !== '' }, inspect: devInspect },
  )
  // What was typed before the app took over is what the machine holds (see the waitlist form).
  useLayoutEffect(() => {
    const typed = emailField.current?.value ?? ''
    if (typed !== actor.getSnapshot().context.email) actor.send({ type: 'EMAIL_CHANGED', value: typed })
  }, [actor])

  const { email, message, ok, mailtoHref } = state.context

  return (
    <Form
      method="post"
      action={target || `mailto:${brand.privacyEmail}?subject=${encodeURIComponent(mailtoSubject)}`}
      encType={target ? undefined : 'text/plain'}
      noValidate // the machine checks the email and says why in the live region below
      aria-busy={state.hasTag('busy')}
      onSubmit={submitTo(send)}
    >
      <EmailField
        id={ids.email}
        label={words.emailLabel}
        statusId={ids.status}
        invalid={ok === false}
        value={email}
        inputRef={emailField}
        onChange={(value) => send({ type: 'EMAIL_CHANGED', value })}
      />
      <Button type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
        {words.button}
      </Button>
      <FormStatus id={ids.status} ok={ok} message={message} mailtoHref={state.matches('mailtoFallback') ? mailtoHref : undefined} />
    </Form>
  )
}
