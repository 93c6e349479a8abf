import { ClientOnly } from '@tanstack/react-router'
import styled from 'styled-components'
import { features, featuresIntro, hero, journey, waitlistBottom, waitlistHero } from '../content/home'
import { CardList } from '../ui/card-list'
import { Badge, CardGrid, Container, Lead, PageHero, Section } from '../ui/primitives'
import { theme } from '../ui/theme'
import { landingCampaign } from '../waitlist/landing-campaign'
import { WaitlistForm } from '../waitlist/waitlist-form'
import { CoachPhone } from './coach-phone'
import { HomeProducts } from './home-products'

export function HomePage() {
  return (
    <>
      <PageHero aria-labelledby="hero-title">
        <HeroGrid>
          <HeroCopy>
            <Badge>{hero.badge}</Badge>
            <h1 id="hero-title">{hero.title}</h1>
            <Lead>{hero.lead}</Lead>
            <FormPanel aria-labelledby="waitlist-hero-title">
              <h2 id="waitlist-hero-title">{waitlistHero.title}</h2>
              <p>{waitlistHero.lead}</p>
              <InvitedLine />
              <WaitlistForm formId="hero" />
            </FormPanel>
          </HeroCopy>
          <CoachPhone />
        </HeroGrid>
      </PageHero>

      <Section aria-labelledby="features-title">
        <Container>
          <h2 id="features-title">{featuresIntro.title}</h2>
          <Lead>{featuresIntro.lead}</Lead>
          <CardList cards={features} />
        </Container>
      </Section>

      <HomeProducts />

      <Section aria-labelledby="journey-title">
        <Container>
          <h2 id="journey-title">{journey.title}</h2>
          <Lead>{journey.lead}</Lead>
          <Steps>
            {journey.steps.map((step) => (
              <li key={step.title}>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </li>
            ))}
          </Steps>
        </Container>
      </Section>

      <Section $tone="tint" id="join" aria-labelledby="waitlist-bottom-title">
        <Container $narrow>
          <h2 id="waitlist-bottom-title">{waitlistBottom.title}</h2>
          <p>{waitlistBottom.lead}</p>
          <WaitlistForm formId="bottom" />
        </Container>
      </Section>
    </>
  )
}

/** "A friend invited you", for a visitor whose visit landed through a share link (/?ref=CODE), as the entry
 * recorded it (src/waitlist/landing-campaign.ts); never who the friend is. The prerendered page cannot know
 * the visitor's address: ClientOnly leaves the line out of it and out of the hydration, and React adds it
 * after, without a mismatch. Plain text, not a live region: nothing the visitor did changed. */
function InvitedLine() {
  return <ClientOnly>{landingCampaign().referralCode && <p>{waitlistHero.invited}</p>}</ClientOnly>
}

// Copy and form beside the phone when wide; stacked (copy, form, then the phone) when narrow.
const HeroGrid = styled(Container)`
  display: grid;
  gap: ${theme.space.lg};
  align-items: center;
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: 60rem) { grid-template-columns: minmax(0, 1.35fr) minmax(18rem, 1fr); }
`

const HeroCopy = styled.div`
  min-width: 0;
`

const FormPanel = styled.section`
  margin-top: ${theme.space.md};
  background: ${theme.color.surfaceRaised};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  padding: clamp(1.25rem, 4vw, 1.75rem);
  box-shadow: 0 10px 30px ${theme.color.shadow};
  h2 { font-size: 1.4rem; }
`

// The card grid's columns (four across when wide), as a numbered list.
const Steps = styled(CardGrid).attrs({ as: 'ol', $wide: 4 })`
  counter-reset: step;
  li { counter-increment: step; position: relative; padding-top: 3.25rem; }
  li::before {
    content: counter(step);
    position: absolute;
    top: 0;
    left: 0;
    width: 2.5rem;
    height: 2.5rem;
    display: grid;
    place-items: center;
    border-radius: 50%;
    background: ${theme.color.brand};
    color: ${theme.color.onBrand};
    font-weight: 700;
  }
  p { color: ${theme.color.inkMuted}; margin: 0; }
`
