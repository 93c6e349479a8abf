import styled from 'styled-components'
import { brand } from '../../shared/brand'
import { gymHeroPage } from '../content/products'
import { CardList } from '../ui/card-list'
import { Badge, ButtonLink, Container, Lead, PageHero, Section } from '../ui/primitives'
import { theme } from '../ui/theme'

export function GymHeroPage() {
  return (
    <>
      <PageHero aria-labelledby="gym-hero-title">
        <Container $narrow>
          <Badge>{gymHeroPage.badge}</Badge>
          <h1 id="gym-hero-title">{gymHeroPage.title}</h1>
          <Lead>{gymHeroPage.lead}</Lead>
          <ButtonLink href={brand.gymHeroUrl} target="_blank" rel="noopener">
            {gymHeroPage.ctaLabel}
            <span className="visually-hidden"> (opens in a new tab)</span>
          </ButtonLink>
        </Container>
      </PageHero>
      <Section aria-labelledby="gym-hero-features">
        <Container>
          <h2 id="gym-hero-features">What you get in the free beta</h2>
          <CardList cards={gymHeroPage.features} />
          <HostedNote>
            {gymHeroPage.hostedNote}{' '}
            <a href={brand.gymHeroUrl} target="_blank" rel="noopener">
              Visit the {brand.gymHeroName} site<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </HostedNote>
        </Container>
      </Section>
    </>
  )
}

/** The note about the external site stands apart from the cards above it. */
const HostedNote = styled.p`
  margin: ${theme.space.lg} 0 0;
  max-width: 46rem;
  color: ${theme.color.inkMuted};
`
