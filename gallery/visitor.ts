// The visitor-facing machines in the gallery: each with the page its view lives on, the region a state
// changes, and how a visitor (or the endpoint) causes each event of its graph.
import type { Page, Route } from '@playwright/test'
import { eraseRequestMachine } from '../machines/erase-request-machine'
import { ownDataRequestMachine } from '../machines/own-data-request-machine'
import { headerMachine } from '../machines/header-machine'
import { menuMachine } from '../machines/menu-machine'
import { newsChoiceMachine } from '../machines/news-choice-machine'
import { tokenActionMachine } from '../machines/token-action-machine'
import { waitlistMachine } from '../machines/waitlist-machine'
import { isValidEmail } from '../machines/waitlist-messages'
import { brand } from '../shared/brand'
import { consentPages } from '../shared/consent-paths'
import { messages } from '../shared/messages'
import { erasePage, newsChoiceCopy, ownDataPage, questionsOfferCopy, tokenPages } from '../src/content/consent-pages'
import { outcomePath, questionsFormOutcome } from '../shared/outcome-codes'
import { accepted, answerRequest, doneEvents, failureReplies, formKey, formPicture } from './forms'
import { json, text } from './network'
import type { Driver, GalleryMachine, ModelEvent } from './types'
import { scrollWindowTo } from '../tools/scroll'

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

const eraseForm = '[aria-labelledby="erase-title"]'
const erasureEndpoint = '**/api/waitlist/erase'
const erasureReplies = [accepted(messages.eraseRequested), ...failureReplies]

export const eraseRequestGallery: GalleryMachine = {
  machine: eraseRequestMachine,
  variants: [
    { name: 'endpoint', site: 'endpoint', input: { contactEmail: brand.privacyEmail, endpointConfigured: true } },
    { name: 'no endpoint', site: 'no-endpoint', input: { contactEmail: brand.privacyEmail, endpointConfigured: false } },
  ],
  url: consentPages.erase,
  hold: [erasureEndpoint],
  // The form alone: the page's title and lead do not change, and its gradient makes large pictures.
  region: (page) => page.locator(`${eraseForm} form`),
  events: [
    { type: 'EMAIL_CHANGED', value: samples.validEmail },
    { type: 'EMAIL_CHANGED', value: samples.invalidEmail },
    { type: 'SUBMIT' },
    ...doneEvents('requestErasure', erasureReplies),
    { type: 'xstate.after.submitTimeout.eraseRequest.submitting' },
  ],
  serializeState: formKey(isValidEmail),
  pictureKey: formPicture,
  detail: (snapshot) => (snapshot.matches('failure') ? String(snapshot.context.message) : undefined),
  act: async (driver, event) => {
    if (await typeOrClick(driver, eraseForm, event, erasePage.button)) return
    await answerRequest(driver, erasureEndpoint, event, erasureReplies)
  },
  shows: async ({ page }, snapshot) => {
    await statusReads(page, eraseForm, String(snapshot.context.message).split('please use')[0]!)
  },
}

// Its twin beside it (issue 51): the request for a copy of one's own data.
const ownDataForm = '[aria-labelledby="copy-title"]'
const ownDataEndpoint = '**/api/waitlist/copy'
const ownDataReplies = [accepted(messages.copyRequested), ...failureReplies]

export const ownDataRequestGallery: GalleryMachine = {
  machine: ownDataRequestMachine,
  variants: [
    { name: 'endpoint', site: 'endpoint', input: { contactEmail: brand.privacyEmail, endpointConfigured: true } },
    { name: 'no endpoint', site: 'no-endpoint', input: { contactEmail: brand.privacyEmail, endpointConfigured: false } },
  ],
  url: consentPages.copy,
  hold: [ownDataEndpoint],
  // The form alone: the page's title and lead do not change, and its gradient makes large pictures.
  region: (page) => page.locator(`${ownDataForm} form`),
  events: [
    { type: 'EMAIL_CHANGED', value: samples.validEmail },
    { type: 'EMAIL_CHANGED', value: samples.invalidEmail },
    { type: 'SUBMIT' },
    ...doneEvents('requestOwnData', ownDataReplies),
    { type: 'xstate.after.submitTimeout.ownDataRequest.submitting' },
  ],
  serializeState: formKey(isValidEmail),
  pictureKey: formPicture,
  detail: (snapshot) => (snapshot.matches('failure') ? String(snapshot.context.message) : undefined),
  act: async (driver, event) => {
    if (await typeOrClick(driver, ownDataForm, event, ownDataPage.button)) return
    await answerRequest(driver, ownDataEndpoint, event, ownDataReplies)
  },
  shows: async ({ page }, snapshot) => {
    await statusReads(page, ownDataForm, String(snapshot.context.message).split('please use')[0]!)
  },
}

/** A link token as the server makes them: 43 URL-safe characters. */
const sampleToken = 'gallerygallerygallerygallerygallerygalleryX'
const confirmEndpoint = '**/api/waitlist/confirm'
const tokenPage = '[aria-labelledby="token-action-title"]'
const confirmReplies = [
  {
    reply: { ok: true, message: messages.confirmed, answered: true, place: { place: 42, inLine: 1280 }, nextToken: sampleToken },
    answer: (route: Route) => json(route, 200, { ok: true, message: messages.confirmed, place: 42, inLine: 1280, nextToken: sampleToken }),
  },
  // While a question is asked (issue 52): the questions are offered after the news choice.
  {
    reply: { ok: true, message: messages.confirmedQuestions, answered: true, place: { place: 42, inLine: 1280 }, nextToken: sampleToken, questionsToken: sampleToken },
    answer: (route: Route) => json(route, 200, { ok: true, message: messages.confirmedQuestions, place: 42, inLine: 1280, nextToken: sampleToken, questionsToken: sampleToken }),
  },
  { reply: { ok: false, message: messages.confirmLinkInvalid, answered: true }, answer: (route: Route) => json(route, 200, { ok: false, message: messages.confirmLinkInvalid }) },
  { reply: { ok: false, message: messages.tooManyConsentRequests, answered: false }, answer: (route: Route) => text(route, 429, messages.tooManyConsentRequests) },
  ...failureReplies.filter(({ reply }) => !reply.answered),
]

// The confirmation page stands for the three pages behind a link (confirm, unsubscribe, confirm an erasure):
// one machine, one view, the same states; their words differ.
export const tokenActionGallery: GalleryMachine = {
  machine: tokenActionMachine,
  variants: [
    { name: 'endpoint', site: 'endpoint', input: { endpointConfigured: true } },
    { name: 'no endpoint', site: 'no-endpoint', input: { endpointConfigured: false } },
  ],
  // The view reads the link's token from the address as it takes over (LINK_READ): the address is the event.
  url: (steps) => (steps.some(({ event }) => event.type === 'LINK_READ' && event.token === '') ? consentPages.confirm : `${consentPages.confirm}?token=${sampleToken}`),
  hold: [confirmEndpoint],
  region: (page) => page.locator(`${tokenPage} > div`),
  events: [{ type: 'LINK_READ', token: sampleToken }, { type: 'LINK_READ', token: '' }, { type: 'SUBMIT' }, ...doneEvents('sendToken', confirmReplies), { type: 'xstate.after.submitTimeout.tokenAction.submitting' }],
  // The offer of the questions is its own picture; the others keep their keys.
  serializeState: (snapshot) => JSON.stringify({ value: snapshot.value, token: snapshot.context.token !== '', message: snapshot.context.message, ...(snapshot.context.questionsToken !== null && { questions: true }) }),
  pictureKey: (snapshot) => (snapshot.context.questionsToken !== null ? JSON.stringify({ value: snapshot.value, message: snapshot.context.message, questions: true }) : formPicture(snapshot)),
  detail: (snapshot) => (snapshot.matches('failure') ? String(snapshot.context.message) : undefined),
  act: async (driver, event) => {
    if (event.type === 'LINK_READ') return // the page's address did it
    if (event.type === 'SUBMIT') return driver.page.locator(tokenPage).getByRole('button', { name: tokenPages.confirm.button }).click()
    // The two confirmations say the same sentence: the one with the questions is told apart by its token.
    const offersQuestions = (event as { output?: { questionsToken?: string } }).output?.questionsToken !== undefined
    await answerRequest(driver, confirmEndpoint, event, confirmReplies.filter(({ reply }) => offersQuestions === 'questionsToken' in reply))
  },
  shows: async ({ page }, snapshot) => {
    const status = snapshot.matches('missingToken') ? tokenPages.confirm.missingToken : snapshot.matches('byEmail') ? tokenPages.confirm.byEmail : String(snapshot.context.message)
    await statusReads(page, tokenPage, status)
    if (snapshot.matches('done')) await page.locator(tokenPage).getByRole('button').first().waitFor() // the news question below
    if (snapshot.context.questionsToken !== null) await page.locator(tokenPage).getByRole('link', { name: 'Answer a few questions' }).waitFor()
  },
  leftOut: { start: 'Never on screen: the machine leaves it at once (ready, or byEmail in a build without an endpoint), before the first paint.' },
}

const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu' })

export const menuGallery: GalleryMachine = {
  machine: menuMachine,
  variants: [{ name: '', site: 'endpoint' }],
  url: '/',
  // The menu is a popover in the top layer, drawn over the page below the header: picture the top of the screen.
  region: (page) => ({ x: 0, y: 0, width: page.viewportSize()!.width, height: 480 }),
  events: [{ type: 'TOGGLE' }],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  act: async ({ page }) => menuButton(page).click(),
  shows: async ({ page }, snapshot) => {
    await page.locator(`button[aria-label="Menu"][aria-expanded="${String(snapshot.matches('open'))}"]`).waitFor()
  },
  // On a wide screen the links are always in the header and there is no menu button.
  widths: [390],
}

export const headerGallery: GalleryMachine = {
  machine: headerMachine,
  variants: [{ name: '', site: 'endpoint' }],
  url: '/',
  region: (page) => ({ x: 0, y: 0, width: page.viewportSize()!.width, height: 160 }),
  events: [
    { type: 'SCROLLED', y: 0 },
    { type: 'SCROLLED', y: 600 },
  ],
  serializeState: (snapshot) => JSON.stringify(snapshot.value),
  act: async ({ page }, event) => scrollWindowTo(page, Number(event.y)),
  shows: async ({ page }, snapshot) => {
    await page.locator(`header[data-look="${snapshot.matches('solid') ? 'solid' : 'transparent'}"], [data-look="${snapshot.matches('solid') ? 'solid' : 'transparent'}"]`).first().waitFor()
  },
}

const newsEndpoint = '**/api/waitlist/news'
const outcomePage = '[aria-labelledby="outcome-title"]'
const newsReplies = [
  {
    reply: { ok: true, message: messages.newsOn, answered: true, nextToken: sampleToken },
    answer: (route: Route) => json(route, 200, { ok: true, message: messages.newsOn, nextToken: sampleToken }),
  },
  { reply: { ok: false, message: messages.newsLinkInvalid, answered: true }, answer: (route: Route) => json(route, 200, { ok: false, message: messages.newsLinkInvalid }) },
  { reply: { ok: false, message: messages.tooManyConsentRequests, answered: false }, answer: (route: Route) => text(route, 429, messages.tooManyConsentRequests) },
  ...failureReplies.filter(({ reply }) => !reply.answered),
]

// The question as the page a no-script confirmation lands on asks it (/waitlist/confirmed?token=…); the
// confirmation page asks the same with the token its reply handed on (tokenAction's done picture). While a question
// is asked (issue 52) a no-script confirmation lands on /waitlist/confirmed-questions instead, which offers the
// questions below the news question: that page is pictured whole, as it opens.
export const newsChoiceGallery: GalleryMachine = {
  machine: newsChoiceMachine,
  variants: [
    { name: 'endpoint', site: 'endpoint', input: { endpointConfigured: true, offer: 'on' } },
    { name: 'no endpoint', site: 'no-endpoint', input: { endpointConfigured: false, offer: 'on' } },
    { name: 'questions offered', site: 'endpoint', input: { endpointConfigured: true, offer: 'on' }, apart: { states: ['ready'] } },
  ],
  url: (steps, variant) => {
    if (variant.apart) return `${outcomePath(questionsFormOutcome)}?token=${sampleToken}&questions=${sampleToken}`
    return steps.some(({ event }) => event.type === 'LINK_READ' && event.token === '') ? '/waitlist/confirmed' : `/waitlist/confirmed?token=${sampleToken}`
  },
  hold: [newsEndpoint],
  // The question's own section; where the machine shows nothing (no token, no endpoint), and on the page that offers
  // the questions too, the page's panel.
  region: (page, snapshot, variant) =>
    variant.apart || snapshot.matches('missingToken') || snapshot.matches('byEmail')
      ? page.locator(`${outcomePage} > div`)
      : page.locator('section[aria-labelledby="news-choice-title"]'),
  events: [{ type: 'LINK_READ', token: sampleToken }, { type: 'LINK_READ', token: '' }, { type: 'SUBMIT' }, ...doneEvents('sendChoice', newsReplies), { type: 'xstate.after.submitTimeout.newsChoice.submitting' }],
  serializeState: (snapshot) =>
    JSON.stringify({ value: snapshot.value, token: snapshot.context.token !== '', offer: snapshot.context.offer, message: snapshot.context.message }),
  pictureKey: formPicture,
  detail: (snapshot) => (snapshot.matches('failure') ? String(snapshot.context.message) : undefined),
  act: async (driver, event, after) => {
    if (event.type === 'LINK_READ') return // the page's address did it
    if (event.type === 'SUBMIT') {
      // The button names the choice the machine offers (a press does not change it; an answer does).
      const offered = after.context.offer as 'on' | 'off'
      return driver.page.locator(outcomePage).getByRole('button', { name: newsChoiceCopy.button[offered] }).click()
    }
    await answerRequest(driver, newsEndpoint, event, newsReplies)
  },
  shows: async ({ page }, snapshot, variant) => {
    if (snapshot.matches('missingToken') || snapshot.matches('byEmail')) return page.locator(outcomePage).waitFor()
    await page.locator(outcomePage).getByText(String(snapshot.context.message) || newsChoiceCopy.title).first().waitFor()
    if (variant.apart) await page.locator(outcomePage).getByRole('button', { name: questionsOfferCopy.link }).waitFor()
  },
  leftOut: { start: 'Never on screen: the machine leaves it at once (ready, or byEmail in a build without an endpoint), before the first paint.' },
}
