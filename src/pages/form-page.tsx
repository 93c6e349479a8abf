import styled from 'styled-components'
import { formPage } from '../content/products'
import { Button, Container, Lead, PageHero, Section } from '../ui/primitives'

export function FormPage() {
  return (
    <>
      <PageHero aria-labelledby="form-title">
        <Container $narrow>
          <h1 id="form-title">{formPage.title}</h1>
          <Lead>{formPage.lead}</Lead>
          <Button type="button" disabled>
            {formPage.buttonLabel}
          </Button>
        </Container>
      </PageHero>
      <Section aria-label="About the app">
        <Container $narrow>
          {formPage.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
          <Points>
            {formPage.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </Points>
        </Container>
      </Section>
    </>
  )
}

const Points = styled.ul`
  padding-left: 1.25rem;
  li { margin-bottom: 0.5rem; }
`
