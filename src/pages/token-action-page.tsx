import { useLocation } from '@tanstack/react-router'
import { useCallback } from 'react'
import { consentPages } from '../../shared/consent-paths'
import { tokenPages, type TokenAction } from '../content/consent-pages'
import { Container, PageHero } from '../ui/primitives'
import { NewsChoicePanel } from '../waitlist/news-choice-panel'
import { QuestionsOffer } from '../waitlist/questions-offer'
import { TokenActionPanel } from '../waitlist/token-action-panel'
import { NextSteps } from './next-steps'

// The pages behind the links in our emails. Opening one changes nothing (mail scanners prefetch links):
// the visitor presses the button, which posts. Not indexed, not in the sitemap (see src/head.ts). A
// confirmation that worked asks about news and updates next, with the token its reply handed on, then offers the
// questions when one is asked now (issue 52).
export function TokenActionPage() {
  const action = actionAt(useLocation().pathname)
  const copy = tokenPages[action]
  return (
    <PageHero aria-labelledby="token-action-title">
      <Container $narrow>
        <h1 id="token-action-title">{copy.title}</h1>
        <TokenActionPanel
          action={action}
          renderNext={(outcome, reply) => (
            <>
              {outcome === 'done' && reply?.nextToken && <NewsQuestion token={reply.nextToken} />}
              {outcome === 'done' && reply?.questionsToken && <QuestionsOffer token={reply.questionsToken} />}
              <NextSteps steps={outcome === 'done' ? copy.afterDone : copy.afterRefused} />
            </>
          )}
        />
      </Container>
    </PageHero>
  )
}

function NewsQuestion({ token }: { token: string }) {
  const readToken = useCallback(() => token, [token])
  return <NewsChoicePanel offer="on" readToken={readToken} />
}

/** Which of the three pages this is, from its path (shared/consent-paths.ts). */
const actionAt = (pathname: string): TokenAction =>
  pathname.startsWith(consentPages.eraseConfirm) ? 'eraseConfirm' : pathname.startsWith(consentPages.unsubscribe) ? 'unsubscribe' : 'confirm'
