// The request for a copy of one's own data (/waitlist/copy, issue 51): a request for a link to it, as every link
// request lives (link-request-machine.ts). The server's email is the same kind for every address: a link, or "we
// hold nothing". Without an endpoint, a mail draft asks us for the copy (own-data-mailto.ts).
import { buildOwnDataMailto } from './own-data-mailto'
import { linkRequestMachine, type LinkRequestKind } from './link-request-machine'

export const ownDataRequest: LinkRequestKind = {
  id: 'ownDataRequest',
  requestId: 'requestOwnData',
  buildMailto: buildOwnDataMailto,
  describe: {
    idle: 'An empty Email field and the "Email me my data" button. No message yet.',
    mailtoFallback: 'Their email app opens a prefilled request for their data to us; a message offers the same draft as a link.',
  },
}

export const ownDataRequestMachine = linkRequestMachine(ownDataRequest)
