import styled from 'styled-components'
import { features, featuresIntro, hero, journey, waitlistBottom, waitlistHero } from '../content/home'
import { CardList } from '../ui/card-list'
import { Badge, Container, Lead, PageHero, Section } from '../ui/primitives'
import { theme } from '../ui/theme'
import { WaitlistForm } from '../waitlist/waitlist-form'

export function HomePage() {
  return (
    <>
      <PageHero aria-labelledby="hero-title">
        <HeroGrid>
          <div>
            <Badge>{hero.badge}</Badge>
            <h1 id="hero-title">{hero.title}</h1>
            <Lead>{hero.lead}</Lead>
          </div>
          <FormPanel aria-labelledby="waitlist-hero-title">
            <h2 id="waitlist-hero-title">{waitlistHero.title}</h2>
            <p>{waitlistHero.lead}</p>
            <WaitlistForm formId="hero" />
          </FormPanel>
        </HeroGrid>
      </PageHero>

      <Section aria-labelledby="features-title">
        <Container>
          <h2 id="features-title">{featuresIntro.title}</h2>
          <Lead>{featuresIntro.lead}</Lead>
          <CardList cards={features} />
        </Container>
      </Section>

      <Section $tone="alt" aria-labelledby="journey-title">
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

      <Section $tone="tint" aria-labelledby="waitlist-bottom-title">
        <Container $narrow>
          <h2 id="waitlist-bottom-title">{waitlistBottom.title}</h2>
          <p>{waitlistBottom.lead}</p>
          <WaitlistForm formId="bottom" />
        </Container>
      </Section>
    </>
  )
}

const HeroGrid = styled(Container)`
  display: grid;
  gap: 2.5rem;
  align-items: center;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 22rem), 1fr));
`

const FormPanel = styled.section`
  background: ${theme.color.surface};
  border-radius: ${theme.radius};
  padding: 1.75rem;
  box-shadow: 0 10px 30px rgba(20, 33, 31, 0.1);
  h2 { font-size: 1.4rem; }
`

const Steps = styled.ol`
  counter-reset: step;
  list-style: none;
  margin: 2rem 0 0;
  padding: 0;
  display: grid;
  gap: 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
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
    color: #fff;
    font-weight: 700;
  }
  p { color: ${theme.color.inkMuted}; margin: 0; }
`
