import { erasePage as copy } from '../content/consent-pages'
import { Container, Lead, PageHero } from '../ui/primitives'
import { LinkRequestForm } from '../waitlist/link-request-form'
import { eraseLinkRequest } from '../waitlist/link-requests'
import { PrivacyNote } from '../waitlist/waitlist-form.styles'

// Linked from the Privacy Policy and the footer: a visitor asks for their waitlist signup to be deleted.
export function EraseRequestPage() {
  return (
    <PageHero aria-labelledby="erase-title">
      <Container $narrow>
        <h1 id="erase-title">{copy.title}</h1>
        <Lead>{copy.lead}</Lead>
        <LinkRequestForm request={eraseLinkRequest} />
        <PrivacyNote>{copy.note}</PrivacyNote>
      </Container>
    </PageHero>
  )
}
