import { ownDataPage as copy } from '../content/consent-pages'
import { Container, Lead, PageHero } from '../ui/primitives'
import { LinkRequestForm } from '../waitlist/link-request-form'
import { ownDataLinkRequest } from '../waitlist/link-requests'
import { PrivacyNote } from '../waitlist/waitlist-form.styles'

// Linked from the Privacy Policy, the footer, every email and the "your place" page, beside "Delete your data": a
// visitor asks for a copy of what we hold about their address (issue 51).
export function OwnDataRequestPage() {
  return (
    <PageHero aria-labelledby="copy-title">
      <Container $narrow>
        <h1 id="copy-title">{copy.title}</h1>
        <Lead>{copy.lead}</Lead>
        <LinkRequestForm request={ownDataLinkRequest} />
        <PrivacyNote>{copy.note}</PrivacyNote>
      </Container>
    </PageHero>
  )
}
