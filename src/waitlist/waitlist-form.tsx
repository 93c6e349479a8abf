import { useMachine } from '@xstate/react'
import { fromPromise } from 'xstate'
import { brand } from '../brand'
import { Button } from '../ui/primitives'
import { waitlistMachine, type WaitlistResult, type WaitlistSignup } from '../../machines/waitlist-machine'
import { MAILTO_FALLBACK_LINK_TEXT } from '../../machines/waitlist-messages'
import { devInspect } from '../dev/inspector'
import { waitlistEndpoint } from './endpoint'
import { submitWaitlistSignup } from './waitlist-client'
import { Field, Form, Honeypot, Input, Optional, PrivacyNote, Status, type StatusTone } from './waitlist-form.styles'

export interface WaitlistFormProps {
  /** Makes element ids unique when the page shows more than one form ('hero', 'bottom'). */
  formId: string
  /** Defaults to the endpoint fixed at build time; empty means the mail-draft fallback. */
  endpoint?: string
}

// A thin view of the waitlist machine: each form owns its own actor, so two forms never share state.
// Server text is rendered as React text, never as markup.
export function WaitlistForm({ formId, endpoint = waitlistEndpoint }: WaitlistFormProps) {
  const ids = {
    firstName: `${formId}-first-name`,
    email: `${formId}-email`,
    website: `${formId}-website`,
    status: `${formId}-status`,
  }
  // Browser side effects of the machine; they run on events, never during render (or on the server).
  const [state, send] = useMachine(
    waitlistMachine.provide({
      actions: {
        focusEmailField: () => document.getElementById(ids.email)?.focus(),
        openMailDraft: ({ context }) => openMailDraft(context.mailtoHref),
      },
      actors: {
        submitSignup: fromPromise<WaitlistResult, WaitlistSignup>(({ input, signal }) =>
          submitWaitlistSignup({ ...input, website: honeypotValue(ids.website) }, { endpoint, signal }),
        ),
      },
    }),
    { input: { contactEmail: brand.contactEmail, source: brand.waitlistSource, endpointConfigured: endpoint.trim() !== '' }, inspect: devInspect },
  )
  const { firstName, email, message, ok, mailtoHref } = state.context
  const tone: StatusTone = ok === true ? 'success' : ok === false ? 'error' : 'neutral'
  const [beforeLink, afterLink] = message.split(MAILTO_FALLBACK_LINK_TEXT)

  return (
    <>
      <Form
        noValidate // the machine checks the email and says why in the live region below
        aria-busy={state.hasTag('busy')}
        onSubmit={(event) => {
          event.preventDefault()
          send({ type: 'SUBMIT' })
        }}
      >
        <Field>
          <label htmlFor={ids.firstName}>
            First name <Optional>(optional)</Optional>
          </label>
          <Input
            id={ids.firstName}
            name="firstName"
            type="text"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => send({ type: 'FIRST_NAME_CHANGED', value: event.target.value })}
          />
        </Field>
        <Field>
          <label htmlFor={ids.email}>Email</label>
          <Input
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
        <Honeypot aria-hidden="true">
          <label htmlFor={ids.website}>Leave this field empty</label>
          <input id={ids.website} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </Honeypot>
        <Button type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
          Join the waitlist
        </Button>
        <Status id={ids.status} role="status" aria-live="polite" $tone={tone}>
          {state.matches('mailtoFallback') && afterLink !== undefined ? (
            <>
              {beforeLink}
              <a href={mailtoHref}>{MAILTO_FALLBACK_LINK_TEXT}</a>
              {afterLink}
            </>
          ) : (
            message
          )}
        </Status>
      </Form>
      <PrivacyNote>
        We only use your email to tell you about early access. See our <a href="/legal#privacy-policy">Privacy Policy</a>.
      </PrivacyNote>
    </>
  )
}

function openMailDraft(href: string) {
  window.location.href = href
}

const honeypotValue = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value || undefined
