import { Link } from '@tanstack/react-router'
import styled from 'styled-components'
import { kneePage } from '../content/products'
import { Container, Lead, PageHero, Section, primaryButtonLook, secondaryButtonLook } from '../ui/primitives'

export function KneePage() {
  return (
    <>
      <PageHero aria-labelledby="knee-title">
        <Container $narrow>
          <h1 id="knee-title">{kneePage.title}</h1>
          <Lead>{kneePage.lead}</Lead>
          <Bullets>
            {kneePage.bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </Bullets>
          <Actions>
            <PrimaryLink to="/knee" hash="download">
              {kneePage.anchorLabels.download}
            </PrimaryLink>
            <SecondaryLink to="/knee" hash="learn-more">
              {kneePage.anchorLabels.learnMore}
            </SecondaryLink>
          </Actions>
        </Container>
      </PageHero>
      <Section id="learn-more" aria-labelledby="learn-more-title" tabIndex={-1}>
        <Container $narrow>
          <h2 id="learn-more-title">{kneePage.learnMore.heading}</h2>
          {kneePage.learnMore.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Container>
      </Section>
      <Section id="download" $tone="tint" aria-labelledby="download-title" tabIndex={-1}>
        <Container $narrow>
          <h2 id="download-title">{kneePage.download.heading}</h2>
          <p>{kneePage.download.body}</p>
          <Link to="/">Join the waitlist on the home page</Link>
        </Container>
      </Section>
    </>
  )
}

const Bullets = styled.ul`
  padding-left: 1.25rem;
  li { margin-bottom: 0.4rem; }
`

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  margin-top: 1.5rem;
`

const PrimaryLink = styled(Link)`
  ${primaryButtonLook}
`

const SecondaryLink = styled(Link)`
  ${secondaryButtonLook}
`
