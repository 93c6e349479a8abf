// The erasure request form (/waitlist/erase), as its page gives the one link request form: every path of its
// machine's graph replayed in the UI, its button, its path, its reply and its mail draft (link-request-form-suite.tsx).
import { eraseLinkRequest } from '../../../src/waitlist/link-requests'
import { ERASE_TIMEOUT, eraseModels, samples } from '../../utils/consent-models'
import { describeLinkRequestForm } from '../../utils/link-request-form-suite'

describeLinkRequestForm({
  name: 'erase request form',
  request: eraseLinkRequest,
  models: eraseModels,
  timeout: ERASE_TIMEOUT,
  button: 'Email me a deletion link',
  encodedSubject: 'Delete%20my%20data',
  requested: samples.eraseRequested,
})
