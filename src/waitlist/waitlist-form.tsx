import { useMachine } from '@xstate/react'
import { useLayoutEffect, useRef } from 'react'
import { fromPromise } from 'xstate'
import { brand } from '../../shared/brand'
import { Button } from '../ui/primitives'
import { waitlistMachine } from '../../machines/waitlist-machine'
import type { RequestReply } from '../../machines/request-form'
import type { SignupRequest } from '../../shared/signup'
import { MAILTO_FALLBACK_LINK_TEXT } from '../../machines/waitlist-messages'
import { MAILTO_SUBJECT } from '../../machines/waitlist-mailto'
import { checkInboxLine, consentVersion, consentWording } from '../content/consent-wording'
import { devInspect } from '../dev/inspector'
import { landingCampaign } from './landing-campaign'
import { waitlistEndpoint } from './endpoint'
import { submitWaitlistSignup } from './waitlist-client'
import { Field, Form, Honeypot, InboxNote, Input, Optional, PrivacyNote, Status, type StatusTone } from './waitlist-form.styles'

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
  // Browser side effects of the machine; they run on events, never during render (or on the server).
  const [state, send, actor] = useMachine(
    waitlistMachine.provide({
      actions: {
        focusEmailField: () => document.getElementById(ids.email)?.focus(),
        openMailDraft: ({ context }) => openMailDraft(context.mailtoHref),
      },
      actors: {
        submitSignup: fromPromise<RequestReply, SignupRequest>(({ input, signal }) =>
          submitWaitlistSignup({ ...input, website: honeypotValue(ids.website) }, { endpoint, signal }),
        ),
      },
    }),
    {
      input: {
        contactEmail: brand.contactEmail,
        source: brand.waitlistSource,
        endpointConfigured: endpoint.trim() !== '',
        // The consent record: the wording below the form, and the campaign this session landed with.
        consent: { consentVersion, ...landingCampaign() },
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
            ref={firstNameField}
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

/** The live status line of a form: the machine's message, green when `ok`, red when not, ink otherwise. With
 * `mailtoHref`, the words "email link" in the message become the link to the mail draft. Shared with the
 * consent forms (erasure request, the token pages), so they all say things the same way. */
export function FormStatus({ id, ok, message, mailtoHref }: { id?: string; ok: boolean | null; message: string; mailtoHref?: string }) {
  const tone: StatusTone = ok === true ? 'success' : ok === false ? 'error' : 'neutral'
  const [beforeLink, afterLink] = message.split(MAILTO_FALLBACK_LINK_TEXT)
  return (
    <Status id={id} role="status" aria-live="polite" $tone={tone}>
      {mailtoHref && afterLink !== undefined ? (
        <>
          {beforeLink}
          <a href={mailtoHref}>{MAILTO_FALLBACK_LINK_TEXT}</a>
          {afterLink}
        </>
      ) : (
        message
      )}
    </Status>
  )
}

function openMailDraft(href: string) {
  window.location.href = href
}

const honeypotValue = (id: string) => (document.getElementById(id) as HTMLInputElement | null)?.value || undefined
