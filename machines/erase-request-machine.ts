// The erasure request form (/waitlist/erase): a request for a deletion link, as every link request lives
// (link-request-machine.ts). Without an endpoint, a mail draft asks us to delete the signup (erase-mailto.ts).
import { buildEraseMailto } from './erase-mailto'
import { linkRequestMachine, type LinkRequestKind } from './link-request-machine'

export const eraseRequest: LinkRequestKind = {
  id: 'eraseRequest',
  requestId: 'requestErasure',
  buildMailto: buildEraseMailto,
  describe: {
    idle: 'An empty Email field and the "Email me a deletion link" button. No message yet.',
    mailtoFallback: 'Their email app opens a prefilled deletion request to us; a message offers the same draft as a link.',
  },
}

export const eraseRequestMachine = linkRequestMachine(eraseRequest)
