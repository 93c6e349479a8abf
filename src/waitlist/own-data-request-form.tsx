import { useMachine } from '@xstate/react'
import { useLayoutEffect, useRef } from 'react'
import { ownDataRequestMachine } from '../../machines/own-data-request-machine'
import { OWN_DATA_MAILTO_SUBJECT } from '../../machines/own-data-mailto'
import { brand } from '../../shared/brand'
import { ownDataPage as copy } from '../content/consent-pages'
import { devInspect } from '../dev/inspector'
import { Button } from '../ui/primitives'
import { requestOwnDataTo } from './consent-actors'
import { consentEndpoint } from './consent-client'
import { waitlistEndpoint } from './endpoint'
import { EmailField, FormStatus, emailFormEffects, submitTo } from './form-parts'
import { Form } from './waitlist-form.styles'

// A thin view of the request for a copy of one's data, the erasure request form's twin
// (erase-request-form.tsx). Without a script the browser posts the form itself: to <endpoint>/copy, which
// answers with the outcome page, or, with no endpoint, into a mail draft to us. The reply shown is always the
// server's sentence.
export function OwnDataRequestForm({ endpoint = waitlistEndpoint }: { endpoint?: string }) {
  const ids = { email: 'copy-email', status: 'copy-status' }
  const emailField = useRef<HTMLInputElement>(null)
  const target = consentEndpoint(endpoint, 'copy')
  const [state, send, actor] = useMachine(
    ownDataRequestMachine.provide({ actions: emailFormEffects(ids.email), actors: { requestOwnData: requestOwnDataTo(endpoint) } }),
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
      action={target || `mailto:${brand.privacyEmail}?subject=${encodeURIComponent(OWN_DATA_MAILTO_SUBJECT)}`}
      encType={target ? undefined : 'text/plain'}
      noValidate // the machine checks the email and says why in the live region below
      aria-busy={state.hasTag('busy')}
      onSubmit={submitTo(send)}
    >
      <EmailField
        id={ids.email}
        label={copy.emailLabel}
        statusId={ids.status}
        invalid={ok === false}
        value={email}
        inputRef={emailField}
        onChange={(value) => send({ type: 'EMAIL_CHANGED', value })}
      />
      <Button type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
        {copy.button}
      </Button>
      <FormStatus id={ids.status} ok={ok} message={message} mailtoHref={state.matches('mailtoFallback') ? mailtoHref : undefined} />
    </Form>
  )
}
