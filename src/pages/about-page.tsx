import styled from 'styled-components'
import { mailto } from '../../shared/brand'
import { aboutPage } from '../content/about'
import { CardList } from '../ui/card-list'
import { ButtonLink, Container, Lead, PageHero, Section } from '../ui/primitives'

export function AboutPage() {
  const { story, approach, wontChange, contact } = aboutPage
  return (
    <>
      <PageHero aria-labelledby="about-title">
        <Container $narrow>
          <h1 id="about-title">{aboutPage.title}</h1>
          <Lead>{aboutPage.lead}</Lead>
        </Container>
      </PageHero>
      <Section aria-labelledby="story-title">
        <Container $narrow>
          <h2 id="story-title">{story.heading}</h2>
          {story.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </Container>
      </Section>
      <Section $tone="alt" aria-labelledby="approach-title">
        <Container>
          <h2 id="approach-title">{approach.heading}</h2>
          <Lead>{approach.lead}</Lead>
          <CardList cards={approach.values} />
        </Container>
      </Section>
      <Section aria-labelledby="wont-change-title">
        <Container $narrow>
          <h2 id="wont-change-title">{wontChange.heading}</h2>
          <Promises>
            {wontChange.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </Promises>
        </Container>
      </Section>
      <Section $tone="tint" aria-labelledby="contact-title">
        <Container $narrow>
          <h2 id="contact-title">{contact.heading}</h2>
          <p>{contact.body}</p>
          <ButtonLink href={mailto()}>{contact.ctaLabel}</ButtonLink>
        </Container>
      </Section>
    </>
  )
}

const Promises = styled.ul`
  padding-left: 1.25rem;
  li { margin-bottom: 0.6rem; }
`
