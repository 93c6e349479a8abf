// The two requests for a link to one's inbox, as their pages give them to the one form (link-request-form.tsx):
// the machine and its request, the endpoint's path (also the fields' ids), the no-endpoint draft's subject, and
// the page's words (content/consent-pages.ts).
import { ERASE_MAILTO_SUBJECT } from '../../machines/erase-mailto'
import { eraseRequest, eraseRequestMachine } from '../../machines/erase-request-machine'
import type { LinkRequestMachine, RequestLink } from '../../machines/link-request-machine'
import { OWN_DATA_MAILTO_SUBJECT } from '../../machines/own-data-mailto'
import { ownDataRequest, ownDataRequestMachine } from '../../machines/own-data-request-machine'
import { erasePage, ownDataPage } from '../content/consent-pages'
import { requestErasureTo, requestOwnDataTo } from './consent-actors'

export interface LinkRequestPage {
  machine: LinkRequestMachine
  /** The machine's request, by the id its events carry (machines/link-request-machine.ts). */
  requestId: string
  requestTo: (endpoint: string) => RequestLink
  path: 'erase' | 'copy'
  mailtoSubject: string
  words: { emailLabel: string; button: string }
}

/** A deletion link (/waitlist/erase). */
export const eraseLinkRequest: LinkRequestPage = {
  machine: eraseRequestMachine,
  requestId: eraseRequest.requestId,
  requestTo: requestErasureTo,
  path: 'erase',
  mailtoSubject: ERASE_MAILTO_SUBJECT,
  words: erasePage,
}

/** A link to a copy of one's data (/waitlist/copy, issue 51). */
export const ownDataLinkRequest: LinkRequestPage = {
  machine: ownDataRequestMachine,
  requestId: ownDataRequest.requestId,
  requestTo: requestOwnDataTo,
  path: 'copy',
  mailtoSubject: OWN_DATA_MAILTO_SUBJECT,
  words: ownDataPage,
}
