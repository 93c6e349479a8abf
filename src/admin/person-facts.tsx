// A person's facts as a definition list (issue 47): who they are and how they stand, how they came, their consent
// and their place in line, each time in the console's one format (console-time.ts). What is not known says so.
import { Fragment, type ReactNode } from 'react'
import styled from 'styled-components'
import type { PersonRecord } from '../../shared/person-record'
import { figure } from '../../shared/figures'
import { theme } from '../ui/theme'
import { consoleTime, consoleTimeOr } from './console-time'
import { activationWords, suppressionWords } from './person-words'

/** Where a person's page is (the console's router shows it). */
export const personHref = (id: number) => `/admin/people/${id}`
export const peopleHref = '/admin/people'
/** Where the suppression list is (issue 49). */
export const suppressionsHref = '/admin/people/suppressed'

const List = styled.dl`
  display: grid;
  grid-template-columns: minmax(8rem, max-content) 1fr;
  gap: 0.35rem 1.25rem;
  margin: 0;
  dt { color: ${theme.color.inkMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  @media (max-width: 37.5rem) {
    grid-template-columns: 1fr;
    dd { margin-bottom: 0.5rem; }
  }
`

function Referrer({ line }: { line: PersonRecord['line'] }) {
  if (line.referredBy) return <a href={personHref(line.referredBy.id)}>{line.referredBy.email}</a>
  if (line.referredByCode) return <>the code {line.referredByCode}, whose owner is no longer on the list</>
  return <>Nobody (they came on their own)</>
}

/** `emailAction`: what the Email row offers beside its words (Lift, for a member who may: person-view.tsx). */
export function PersonFacts({ person, emailAction }: { person: PersonRecord; emailAction?: ReactNode }) {
  const { signup, consent, line, activation } = person
  const facts: [string, ReactNode][] = [
    ['Signed up', consoleTime(signup.createdAt)],
    ['First name', signup.firstName || '—'],
    ['Status', signup.status],
    ['Confirmation email queued', consoleTimeOr(consent.confirmationQueuedAt, 'Never')],
    ['Confirmed', consoleTimeOr(consent.confirmedAt, 'Not yet')],
    ['Unsubscribed', consoleTimeOr(consent.unsubscribedAt, 'No')],
    ['Place in line', line.place === null ? 'Not in line' : figure(line.place)],
    ['Their code', line.code ?? 'None yet (given when they confirm)'],
    ['Friends credited', figure(line.credits)],
    ['Referred by', <Referrer line={line} />],
    ['Campaign', signup.utmCampaign ?? 'None'],
    ['Campaign source', [signup.utmSource, signup.utmMedium].filter(Boolean).join(' / ') || 'None'],
    ['Referring site', signup.referrerOrigin ?? 'None'],
    ['Signup form', signup.source],
    ['Consent wording', consent.version === null ? 'Not recorded (an older form)' : `version ${consent.version}`],
    ['News and updates', consent.news.givenAt === null ? 'Not chosen' : `Chosen ${consoleTime(consent.news.givenAt)}${consent.news.version ? ` (wording ${consent.news.version})` : ''}${consent.news.withdrawnAt ? `, taken back ${consoleTime(consent.news.withdrawnAt)}` : ''}`],
    ['Activated', activation === null ? 'Not yet' : `${consoleTime(activation.activatedAt)}, ${activationWords[activation.via]}`],
    ['Email', person.suppression === null ? 'Not suppressed' : <>{suppressionWords(person.suppression, consoleTime(person.suppression.suppressedAt))} {emailAction}</>],
  ]
  return (
    <List>
      {facts.map(([term, value]) => (
        <Fragment key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </Fragment>
      ))}
    </List>
  )
}
