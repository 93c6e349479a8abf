import { questionsPagePath } from '../../shared/questions'
import { questionsOfferCopy as copy } from '../content/consent-pages'
import type { ReactNode } from 'react'
import { Button, Lead } from '../ui/primitives'
import { waitlistEndpoint } from './endpoint'
import { Form } from './waitlist-form.styles'

/** The questions page is the endpoint's own (server/features/questions/questions-page.tsx): on its origin when the
 * endpoint is another site's, on this one when it is a path. */
export const questionsPageUrl = (token: string, endpoint = waitlistEndpoint) =>
  `${/^https?:\/\//i.test(endpoint) ? new URL(endpoint).origin : ''}${questionsPagePath}?token=${encodeURIComponent(token)}`

// The optional questions (issue 52), offered after the news choice by a confirmation that worked while a question is
// asked: a link to their page with the token the confirmation handed on. Skipping them is doing nothing.
export function QuestionsOffer({ token, endpoint }: { token: string; endpoint?: string }) {
  return (
    <Offer>
      <Lead>{copy.lead}</Lead>
      <Lead>
        <a href={questionsPageUrl(token, endpoint)}>{copy.link}</a> {copy.skip}
      </Lead>
    </Offer>
  )
}

// The same on the confirmed page a form post without a script lands on (/waitlist/confirmed-questions?token=…&
// questions=…): the page is prerendered, so it cannot know the token to link with. Its form posts back to the page's
// own address, the token in its query, and the endpoint answers with the questions page.
export function QuestionsOfferForm() {
  return (
    <Offer>
      <Form method="post">
        <input type="hidden" name="open" value="questions" />
        <Lead>{copy.lead}</Lead>
        <div>
          <Button type="submit" $variant="secondary">
            {copy.link}
          </Button>{' '}
          {copy.skip}
        </div>
      </Form>
    </Offer>
  )
}

function Offer({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="questions-offer-title">
      <h2 id="questions-offer-title">{copy.title}</h2>
      {children}
    </section>
  )
}
