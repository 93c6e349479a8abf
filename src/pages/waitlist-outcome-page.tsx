import { getRouteApi, Link } from '@tanstack/react-router'
import { newsFormOutcomes, outcomeCodes, questionsFormOutcome } from '../../shared/outcome-codes'
import { formOutcomes, type FormOutcome } from '../../shared/form-outcomes'
import { consentOutcomeNextSteps, consentOutcomeTitles, homeStep } from '../content/consent-pages'
import { checkInboxLine } from '../content/consent-wording'
import { waitlistOutcomePage as copy } from '../content/waitlist-outcome'
import { Container, Lead, PageHero } from '../ui/primitives'
import { NewsChoicePanel } from '../waitlist/news-choice-panel'
import { QuestionsOfferForm } from '../waitlist/questions-offer'
import { WaitlistForm } from '../waitlist/waitlist-form'
import { Status } from '../waitlist/waitlist-form.styles'
import { NextSteps } from './next-steps'

const tokenFromAddress = () => new URLSearchParams(window.location.search).get('token') ?? ''
const isNewsFormOutcome = (code: FormOutcome): code is (typeof newsFormOutcomes)[number] => (newsFormOutcomes as readonly string[]).includes(code)

const route = getRouteApi('/waitlist/$outcome')

// Where the endpoint sends a browser's own form post (no script ran): the outcome in the script's words,
// and after a problem the form again, so the visitor can try once more from here. The consent flows'
// outcomes (confirm, unsubscribe, erase) never show the signup form: their sentence, then where to go next.
// A confirmation's page and a choice of news and updates' pages ask (or offer to take back) news and updates,
// with the token the endpoint put in their address; a confirmation's page while a question is asked offers the
// questions too.
export function WaitlistOutcomePage() {
  const { outcome } = route.useParams()
  const found = formOutcomes.find((entry) => entry.code === outcome)
  if (!found) return null // the route's loader answers unknown outcomes with the 404 page
  // The consent endpoints' 429 belongs to no one flow in the contract; it is a consent page all the same.
  const consent = found.flow !== 'signup' || found.code === outcomeCodes.tooManyConsentRequests
  if (consent) {
    return (
      <PageHero aria-labelledby="outcome-title">
        <Container $narrow>
          <h1 id="outcome-title">{consentOutcomeTitles[found.code]}</h1>
          <Status role="status" $tone={found.ok ? 'success' : 'error'}>
            {found.message}
          </Status>
          {isNewsFormOutcome(found.code) && <NewsChoicePanel offer={found.code === outcomeCodes.newsOn ? 'off' : 'on'} readToken={tokenFromAddress} />}
          {found.code === questionsFormOutcome && <QuestionsOfferForm />}
          <NextSteps steps={consentOutcomeNextSteps[found.code] ?? [homeStep]} />
        </Container>
      </PageHero>
    )
  }
  return (
    <PageHero aria-labelledby="outcome-title">
      <Container $narrow>
        <h1 id="outcome-title">{found.ok ? copy.joinedTitle : copy.problemTitle}</h1>
        <Status role="status" $tone={found.ok ? 'success' : 'error'}>
          {found.message}
        </Status>
        {found.ok ? (
          <>
            <Lead>{checkInboxLine}</Lead>
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
