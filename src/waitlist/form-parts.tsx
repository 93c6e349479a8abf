// What the three request forms (the waitlist form, the erasure request form, the token pages) show and do
// alike, so they say things the same way: the status line, the Email field, the submit, and the browser side
// of the email forms' machines.
import type { FormEvent, Ref } from 'react'
import { MAILTO_FALLBACK_LINK_TEXT } from '../../machines/waitlist-messages'
import { Field, Input, Status, type StatusTone } from './waitlist-form.styles'

/** The live status line of a form: the machine's message, green when `ok`, red when not, ink otherwise. With
 * `mailtoHref`, the words "email link" in the message become the link to the mail draft. */
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

export interface EmailFieldProps {
  id: string
  label: string
  /** The status line that says what is wrong, when the machine says so (`invalid`). */
  statusId: string
  invalid: boolean
  value: string
  inputRef: Ref<HTMLInputElement>
  onChange: (value: string) => void
}

/** The Email field of an email form, tied to the status line while the address is wrong. */
export function EmailField({ id, label, statusId, invalid, value, inputRef, onChange }: EmailFieldProps) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Input
        ref={inputRef}
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        aria-invalid={invalid}
        aria-describedby={invalid ? statusId : undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  )
}

/** The browser side of an email form's machine: its focusEmailField and openMailDraft actions. They run on
 * events, never during render (or on the server). */
export const emailFormEffects = (emailId: string) => ({
  focusEmailField: () => document.getElementById(emailId)?.focus(),
  openMailDraft: ({ context }: { context: { mailtoHref: string } }) => {
    window.location.href = context.mailtoHref
  },
})

/** A form's submit handler: the machine decides what a submit means. The browser's own post is for when no
 * script runs. */
export const submitTo = (send: (event: { type: 'SUBMIT' }) => void) => submitWith(send, { type: 'SUBMIT' })

/** The same for a form among several that ask one machine, whose submit says which it is (the unsubscribe page's
 * "stop all email"). */
export const submitWith =
  <Submit extends { type: 'SUBMIT' }>(send: (event: Submit) => void, submit: Submit) =>
  (event: FormEvent) => {
    event.preventDefault()
    send(submit)
  }
