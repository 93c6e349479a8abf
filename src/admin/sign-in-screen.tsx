// Every signed-out state of the sign-in machine: checking, the email form, the link sent, and the button
// that uses a sign-in link.
import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { Field, Page, Status } from './admin-styles'
import { Button } from './button'
import { inWords, linkLifetimesMs } from '../../shared/rules'

type SignInRef = ActorRefFrom<typeof adminSignInMachine>

export function SignInScreen({ signIn }: { signIn: SignInRef }) {
  const state = useSelector(signIn, (snapshot) => snapshot)
  const busy = state.hasTag('busy')
  const heading = useRef<HTMLHeadingElement>(null)
  const value = String(state.value)
  useEffect(() => heading.current?.focus(), [value])

  if (state.matches('checking')) return <Page aria-busy="true"><h1 tabIndex={-1} ref={heading}>Waitlist console</h1><p role="status">Checking your session…</p></Page>

  if (state.matches('confirming') || state.matches('verifying'))
    return (
      <Page>
        <h1 tabIndex={-1} ref={heading}>Sign in to the waitlist console</h1>
        <p>You opened a sign-in link. It works once, for {inWords(linkLifetimesMs.signIn)} after it was sent.</p>
        <Button type="button" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => signIn.send({ type: 'CONFIRM' })}>
          {busy ? 'Signing in…' : 'Sign in'}
        </Button>
      </Page>
    )

  const sent = state.matches('linkSent')
  const error = !sent && state.context.message !== '' && !state.matches('requesting')
  return (
    <Page>
      <h1 tabIndex={-1} ref={heading}>Sign in to the waitlist console</h1>
      <p>For the team only. Enter your work email and we will mail you a link that signs you in.</p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          signIn.send({ type: 'SUBMIT' })
        }}
      >
        <Field>
          <label htmlFor="admin-email">Work email</label>
          <input
            id="admin-email"
            type="email"
            autoComplete="email"
            required
            value={state.context.email}
            aria-invalid={error && state.context.message.includes('valid email') ? true : undefined}
            aria-describedby="admin-sign-in-status"
            onChange={(event) => signIn.send({ type: 'EMAIL_CHANGED', value: event.target.value })}
          />
        </Field>
        <Button type="submit" disabled={busy}>{busy ? 'Sending…' : sent ? 'Send another link' : 'Email me a sign-in link'}</Button>
      </form>
      <Status id="admin-sign-in-status" role={error ? 'alert' : 'status'} $tone={error ? 'error' : 'plain'}>
        {state.context.message}
      </Status>
    </Page>
  )
}
