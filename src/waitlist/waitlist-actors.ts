// The waitlist machine's request as the site makes it (the machine declares its type, SubmitSignup, and knows
// no HTTP): the signup posted to the endpoint by the client (waitlist-client.ts), with whatever a bot typed into
// the honeypot. The machine stops the actor when it leaves `submitting`, and its signal aborts the fetch.
import { fromPromise } from 'xstate'
import type { SubmitSignup } from '../../machines/waitlist-machine'
import { submitWaitlistSignup } from './waitlist-client'

/** Signs up at `endpoint`; `honeypot` reads the hidden field as the browser has it when the form is sent. */
export const submitSignupTo = (endpoint: string, honeypot: () => string | undefined): SubmitSignup =>
  fromPromise(({ input, signal }) => submitWaitlistSignup({ ...input, website: honeypot() }, { endpoint, signal }))
