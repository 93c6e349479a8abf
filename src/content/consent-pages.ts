// Copy of the consent pages: the pages behind the links in our emails (confirm, unsubscribe, confirm an
// erasure), the erasure request form, and what each consent outcome page offers next. The replies
// themselves are the endpoint's sentences (shared/messages.ts), shown as they are.
import { brand } from '../../shared/brand'
import { newsConsentWording, type NewsChoice } from '../../shared/email-purposes'
import { tokenPageTitles } from './seo'

export type TokenAction = 'confirm' | 'unsubscribe' | 'eraseConfirm'

export interface TokenPageCopy {
  title: string
  /** What pressing the button does; opening the page alone changes nothing. */
  body: string
  button: string
  /** The address has no token (the link was cut short, or typed). */
  missingToken: string
  /** The site was built without an endpoint: how to ask by email instead. */
  byEmail: string
  /** Where to go after a reply that worked, and after one that refused the link (or a link without token). */
  afterDone: NextStep[]
  afterRefused: NextStep[]
  /** A second button that stops every email, whatever purpose the link's email had (the unsubscribe page). */
  stopAll?: { button: string }
}

export interface NextStep {
  to: '/' | '/waitlist/erase'
  hash?: string
  label: string
}

const home: NextStep = { to: '/', label: 'Back to the home page' }
const joinAgain: NextStep = { to: '/', hash: 'join', label: 'Join the waitlist again' }
const askAgain: NextStep = { to: '/waitlist/erase', label: 'Ask for a new deletion link' }
const deleteToo: NextStep = { to: '/waitlist/erase', label: 'Delete my data too' }

export const tokenPages: Record<TokenAction, TokenPageCopy> = {
  confirm: {
    title: tokenPageTitles.confirm,
    body: 'Press the button to confirm that you want to hear from us when early access opens. Opening this page alone changes nothing.',
    button: 'Confirm my email',
    missingToken: 'This confirmation link is incomplete. Please open the whole link from our email, or join the waitlist again for a new one.',
    byEmail: `To confirm your address, write to us at ${brand.contactEmail} from it.`,
    afterDone: [home],
    afterRefused: [joinAgain, home],
  },
  unsubscribe: {
    title: tokenPageTitles.unsubscribe,
    body: "Unsubscribe stops the kind of email this link came in: early access, or news and updates. Stop all email stops every email from us. Opening this page alone changes nothing. If you'd rather have your data deleted, you can ask for that too.",
    button: 'Unsubscribe',
    stopAll: { button: 'Stop all email' },
    missingToken: `This unsubscribe link is incomplete. Please open the whole link from our email, or write to ${brand.contactEmail} and we'll take you off the list.`,
    byEmail: `To unsubscribe, write to us at ${brand.contactEmail} and we'll take you off the list.`,
    afterDone: [deleteToo, home],
    afterRefused: [home],
  },
  eraseConfirm: {
    title: tokenPageTitles.erase,
    body: 'Press the button to delete your waitlist signup and every email we have queued for you. This cannot be undone. Opening this page alone changes nothing.',
    button: 'Delete my data',
    missingToken: 'This deletion link is incomplete. Please open the whole link from our email, or ask for a new one.',
    byEmail: `To have your data deleted, write to us at ${brand.privacyEmail} from the address you signed up with.`,
    afterDone: [home],
    afterRefused: [askAgain, home],
  },
}

/** The question about news and updates (src/waitlist/news-choice-panel.tsx): the wording itself is shared
 * (shared/email-purposes.ts), since the "your place" page asks it too. */
export const newsChoiceCopy = {
  title: 'News and updates',
  /** Before the button, by what it offers: the question, or (once given) what taking it back does. */
  lead: {
    on: newsConsentWording,
    off: 'You get our news and updates as well as emails about early access. You can stop them here at any time.',
  } satisfies Record<NewsChoice, string>,
  button: { on: 'Yes, send me news and updates', off: 'Stop news and updates' } satisfies Record<NewsChoice, string>,
}

/** After the news choice of a confirmation that worked, while a question is asked (issue 52). */
export const questionsOfferCopy = {
  title: 'A few questions',
  lead: 'A few optional questions help us choose who tries the app first.',
  link: 'Answer a few questions',
  skip: 'or skip them: your place in line stays the same.',
}

/** After the message of a confirmation that worked (in the same status line), when the server says where the
 * person stands in line. */
export const placeInLine = (place: number, inLine: number) =>
  `You're number ${place.toLocaleString('en-US')} of ${inLine.toLocaleString('en-US')} in line.`

export const erasePage = {
  title: tokenPageTitles.erase,
  lead: "Enter the email address you joined the waitlist with. We'll email it a link; opening that link and pressing its button deletes your signup and every email we have queued for you.",
  note: `We reply the same way to every address, so this page never reveals who is on the waitlist. We keep only a one-way fingerprint of a deleted address, so that we never email it again. Questions? Write to ${brand.privacyEmail}.`,
  emailLabel: 'Email',
  button: 'Email me a deletion link',
}

export const ownDataPage = {
  title: tokenPageTitles.copy,
  lead: "Enter the email address you joined the waitlist with. We'll email it a link to a page with everything we keep about it, which you can also download as a JSON file. If it isn't on our waitlist, the email says so.",
  note: `We reply the same way to every address, so this page never reveals who is on the waitlist. Questions? Write to ${brand.privacyEmail}.`,
  emailLabel: 'Email',
  button: 'Email me my data',
}

/** The headings of the consent outcome pages (where a no-script post of a consent form lands), by outcome
 * code; the signup's own outcome pages keep theirs (src/content/waitlist-outcome.ts). */
export const consentOutcomeTitles: Record<string, string> = {
  confirmed: 'Email confirmed',
  'confirmed-questions': 'Email confirmed',
  'confirm-link-invalid': 'Confirmation link expired',
  unsubscribed: 'Unsubscribed',
  'unsubscribe-link-invalid': 'Unsubscribe link expired',
  'unsubscribed-early-access': 'Unsubscribed from early access',
  'unsubscribed-news': 'Unsubscribed from news and updates',
  'news-on': 'News and updates: yes',
  'news-off': 'News and updates: no',
  'news-link-invalid': 'News and updates link expired',
  'erase-requested': 'Check your inbox',
  erased: 'Data deleted',
  'erase-link-invalid': 'Deletion link expired',
  'copy-requested': 'Check your inbox',
  'too-many-consent-requests': 'Please wait a minute',
}

/** What a consent outcome page offers after the endpoint's sentence, by outcome code (home alone when a
 * code is not listed). */
export const consentOutcomeNextSteps: Record<string, NextStep[]> = {
  'confirm-link-invalid': [joinAgain, home],
  unsubscribed: [deleteToo, home],
  'unsubscribed-early-access': [deleteToo, home],
  'unsubscribed-news': [home],
  'erase-link-invalid': [askAgain, home],
  'erase-requested': [home],
  'copy-requested': [home],
}
export const homeStep = home
