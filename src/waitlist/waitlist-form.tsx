import { useMachine } from '@xstate/react'
import { useLayoutEffect, useRef } from 'react'
import { brand } from '../../shared/brand'
import { Button } from '../ui/primitives'
import { waitlistMachine } from '../../machines/waitlist-machine'
import { MAILTO_SUBJECT } from '../../machines/waitlist-mailto'
import { checkInboxLine, consentVersion, consentWording } from '../content/consent-wording'
import { devInspect } from '../dev/inspector'
import { signupCampaign } from './landing-campaign'
import { waitlistEndpoint } from './endpoint'
import { EmailField, FormStatus, emailFormEffects, submitTo } from './form-parts'
import { submitSignupTo } from './waitlist-actors'
import { Field, Form, Honeypot, InboxNote, Input, Optional, PrivacyNote } from './waitlist-form.styles'

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
  const firstNameField = useRef<HTMLInputElement>(null)
  const emailField = useRef<HTMLInputElement>(null)
  const [state, send, actor] = useMachine(
    waitlistMachine.provide({ actions: emailFormEffects(ids.email), actors: { submitSignup: submitSignupTo(endpoint, () => honeypotValue(ids.website)) } }),
    {
      input: {
        contactEmail: brand.contactEmail,
        source: brand.waitlistSource,
        endpointConfigured: endpoint.trim() !== '',
        // The consent record: the wording below the form, and the campaign this visit landed with.
        consent: { consentVersion, ...signupCampaign() },
      },
      inspect: devInspect,
    },
  )
  // The page was readable (and typeable) before this script ran, and React does not report text typed into
  // a prerendered field before hydration. So the machine learns what is on screen when the view takes over:
  // what it sends is what the visitor sees. A layout effect: it runs in the hydration commit, before any
  // event can reach the form's handlers.
  useLayoutEffect(() => {
    const { context } = actor.getSnapshot()
    const typedName = firstNameField.current?.value ?? ''
    const typedEmail = emailField.current?.value ?? ''
    if (typedName !== context.firstName) actor.send({ type: 'FIRST_NAME_CHANGED', value: typedName })
    if (typedEmail !== context.email) actor.send({ type: 'EMAIL_CHANGED', value: typedEmail })
  }, [actor])

  const { firstName, email, message, ok, mailtoHref } = state.context
  const configured = endpoint.trim() !== ''

  return (
    <>
      <Form
        // Without a script the browser posts the form itself: to the endpoint, which answers with the outcome
        // page, or, with no endpoint, into a mail draft. Either way nothing typed lands in a URL of the site.
        method="post"
        action={configured ? endpoint : `mailto:${brand.contactEmail}?subject=${encodeURIComponent(MAILTO_SUBJECT)}`}
        encType={configured ? undefined : 'text/plain'}
        noValidate // the machine checks the email and says why in the live region below
        aria-busy={state.hasTag('busy')}
        onSubmit={submitTo(send)}
      >
        <Field>
          <label htmlFor={ids.firstName}>
            First name <Optional>(optional)</Optional>
          </label>
          <Input
            ref={firstNameField}
            id={ids.firstName}
            name="firstName"
            type="text"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => send({ type: 'FIRST_NAME_CHANGED', value: event.target.value })}
          />
        </Field>
        <EmailField
          id={ids.email}
          label="Email"
          statusId={ids.status}
          invalid={ok === false}
          value={email}
          inputRef={emailField}
          onChange={(value) => send({ type: 'EMAIL_CHANGED', value })}
        />
        <Honeypot aria-hidden="true">
          <label htmlFor={ids.website}>Leave this field empty</label>
          <input id={ids.website} name="website" type="text" tabIndex={-1} autoComplete="off" />
        </Honeypot>
        <input type="hidden" name="source" value={brand.waitlistSource} />
        <input type="hidden" name="consentVersion" value={consentVersion} />
        <Button type="submit" disabled={!state.can({ type: 'SUBMIT' })}>
          Join the waitlist
        </Button>
        <FormStatus id={ids.status} ok={ok} message={message} mailtoHref={state.matches('mailtoFallback') ? mailtoHref : undefined} />
      </Form>
      {/* Its own line (a live region of its own): the success message above stays word for word. */}
      <InboxNote aria-live="polite">{state.matches('success') ? checkInboxLine : ''}</InboxNote>
      <PrivacyNote>
        {consentWording} See our <a href="/legal#privacy-policy">Privacy Policy</a>.
      </PrivacyNote>
    </>
  )
}

/** What a bot typed into the honeypot, read when the form is sent; a person leaves it empty. */
function honeypotValue(id: string) {
  const field = document.getElementById(id)
  return field instanceof HTMLInputElement ? field.value || undefined : undefined
}
