// The visitor-facing machines in the gallery: each with the page its view lives on, the region a state
// changes, and how a visitor (or the endpoint) causes each event of its graph.
import type { Page } from '@playwright/test'
import { waitlistMachine } from '../machines/waitlist-machine'
import { isValidEmail } from '../machines/waitlist-messages'
import { brand } from '../shared/brand'
import { accepted, answerRequest, doneEvents, failureReplies, formKey, formPicture } from './gallery-forms'
import type { Driver, GalleryMachine, ModelEvent } from './gallery-types'

const samples = { firstName: 'Ada', validEmail: 'ada@example.com', invalidEmail: 'ada@example' }
const signupEndpoint = '**/api/waitlist'
const signupReplies = [accepted(''), ...failureReplies]

/** The machine's status line, word for word, in the form's live region. */
async function statusReads(page: Page, scope: string, message: string) {
  await page.locator(scope).getByRole('status').filter({ hasText: message === '' ? /^$/ : message }).waitFor()
}

const typeOrClick = async ({ page }: Driver, scope: string, event: ModelEvent, submit: string) => {
  const region = page.locator(scope)
  if (event.type === 'FIRST_NAME_CHANGED') await region.getByRole('textbox', { name: 'First name' }).fill(String(event.value))
  else if (event.type === 'EMAIL_CHANGED') await region.getByRole('textbox', { name: 'Email' }).fill(String(event.value))
  else if (event.type === 'SUBMIT') await region.getByRole('button', { name: submit }).click()
  else return false
  return true
}

const heroForm = '[aria-labelledby="waitlist-hero-title"]'

export const waitlistGallery: GalleryMachine = {
  machine: waitlistMachine,
  variants: [
    { name: 'endpoint', site: 'endpoint', input: { contactEmail: brand.contactEmail, source: brand.waitlistSource, endpointConfigured: true } },
    { name: 'no endpoint', site: 'no-endpoint', input: { contactEmail: brand.contactEmail, source: brand.waitlistSource, endpointConfigured: false } },
  ],
  url: '/',
  hold: [signupEndpoint],
  region: (page) => page.locator(heroForm),
  events: [
    { type: 'FIRST_NAME_CHANGED', value: samples.firstName },
    { type: 'EMAIL_CHANGED', value: samples.validEmail },
    { type: 'EMAIL_CHANGED', value: samples.invalidEmail },
    { type: 'SUBMIT' },
    ...doneEvents('submitSignup', signupReplies),
    { type: 'xstate.after.submitTimeout.waitlist.submitting' },
  ],
  serializeState: formKey(isValidEmail),
  pictureKey: formPicture,
  detail: (snapshot) => (snapshot.matches('failure') ? String(snapshot.context.message) : undefined),
  act: async (driver, event) => {
    if (await typeOrClick(driver, heroForm, event, 'Join the waitlist')) return
    await answerRequest(driver, signupEndpoint, event, signupReplies)
  },
  shows: async ({ page }, snapshot) => {
    // The mail-draft message renders its last words as a link: match the text before it.
    await statusReads(page, heroForm, String(snapshot.context.message).split('please use')[0]!)
  },
}
