import { useMachine } from '@xstate/react'
import { useLayoutEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { eraseRequestMachine, type EraseRequest } from '../../machines/erase-request-machine'
import type { RequestReply } from '../../machines/request-form'
import { ERASE_MAILTO_SUBJECT } from '../../machines/erase-mailto'
import { messages } from '../../shared/messages'
import { brand } from '../../shared/brand'
import { erasePage as copy } from '../content/consent-pages'
import { devInspect } from '../dev/inspector'
import { Button } from '../ui/primitives'
import { consentEndpoint, requestErasure } from './consent-client'
import { waitlistEndpoint } from './endpoint'
import { FormStatus } from './waitlist-form'
import { Field, Form, Input } from './waitlist-form.styles'

// A thin view of the erasure request machine, built like the waitlist form. Without a script the browser
// posts the form itself: to <endpoint>/erase, which answers with the outcome page, or, with no endpoint,
// into a mail draft to us. The reply shown is always the server's sentence.
export function EraseRequestForm({ endpoint = waitlistEndpoint }: { endpoint?: string }) {
  const ids = { email: 'erase-email', status: 'erase-status' }
  const emailField = useRef<HTMLInputElement>(null)
  const target = consentEndpoint(endpoint, 'erase')
  const [state, send, actor] = useMachine(
    eraseRequestMachine.provide({
      actions: {
        focusEmailField: () => document.getElementById(ids.email)?.focus(),
        openMailDraft: ({ context }) => openMailDraft(context.mailtoHref),
      },
      actors: {
        requestErasure: fromPromise<RequestReply, EraseRequest>(async ({ input, signal }) => {
          const reply = await requestErasure(input.email, { endpoint, signal })
          return reply.ok && !reply.message ? { ...reply, message: messages.eraseRequested } : reply
        }),
      },
    }),
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
      action={target || `mailto:${brand.privacyEmail}?subject=${encodeURIComponent(ERASE_MAILTO_SUBJECT)}`}
      encType={target ? undefined : 'text/plain'}
      noValidate // the machine checks the email and says why in the live region below
      aria-busy={state.hasTag('busy')}
      onSubmit={(event) => {
        event.preventDefault()
        send({ type: 'SUBMIT' })
      }}
    >
      <Field>
        <label htmlFor={ids.email}>{copy.emailLabel}</label>
        <Input
          ref={emailField}
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          required
          aria-invalid={ok === false}
          aria-describedby={ok === false ? ids.status : undefined}
          value={email}
          onChange={(event) => send({ type: 'EMAIL_CHANGED', value: event.target.value })}
        />
      </Field>
      <Button type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
        {copy.button}
      </Button>
      <FormStatus id={ids.status} ok={ok} message={message} mailtoHref={state.matches('mailtoFallback') ? mailtoHref : undefined} />
    </Form>
  )
}

function openMailDraft(href: string) {
  window.location.href = href
}
