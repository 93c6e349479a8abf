import { getRouteApi, Link } from '@tanstack/react-router'
import { formOutcomes } from '../../server/form-outcomes'
import { waitlistOutcomePage as copy } from '../content/misc'
import { Container, Lead, PageHero } from '../ui/primitives'
import { WaitlistForm } from '../waitlist/waitlist-form'
import { Status } from '../waitlist/waitlist-form.styles'

const route = getRouteApi('/waitlist/$outcome')

// Where the endpoint sends a browser's own form post (no script ran): the outcome in the words of SPEC §8,
// and after a problem the form again, so the visitor can try once more from here.
export function WaitlistOutcomePage() {
  const { outcome } = route.useParams()
  const found = formOutcomes.find((entry) => entry.code === outcome)
  if (!found) return null // the route's loader answers unknown outcomes with the 404 page
  return (
    <PageHero aria-labelledby="outcome-title">
      <Container $narrow>
        <h1 id="outcome-title">{found.ok ? copy.joinedTitle : copy.problemTitle}</h1>
        <Status role="status" $tone={found.ok ? 'success' : 'error'}>
          {found.message}
        </Status>
        {found.ok ? (
          <>
            <Lead>{copy.joinedBody}</Lead>
            <Link to="/">{copy.homeLabel}</Link>
          </>
        ) : (
          <>
            <Lead>{copy.problemBody}</Lead>
            <WaitlistForm formId="retry" />
          </>
        )}
      </Container>
    </PageHero>
  )
}
