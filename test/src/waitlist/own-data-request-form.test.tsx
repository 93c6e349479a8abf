// The request for a copy of one's data (/waitlist/copy, issue 51), as its page gives the one link request form:
// every path of its machine's graph replayed in the UI, its button, its path, its reply and its mail draft
// (link-request-form-suite.tsx).
import { ownDataLinkRequest } from '../../../src/waitlist/link-requests'
import { OWN_DATA_TIMEOUT, ownDataModels, samples } from '../../utils/consent-models'
import { describeLinkRequestForm } from '../../utils/link-request-form-suite'

describeLinkRequestForm({
  name: 'own data request form',
  request: ownDataLinkRequest,
  models: ownDataModels,
  timeout: OWN_DATA_TIMEOUT,
  button: 'Email me my data',
  encodedSubject: 'A%20copy%20of%20my%20data',
  requested: samples.copyRequested,
})
