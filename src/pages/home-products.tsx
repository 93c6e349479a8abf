import { Link } from '@tanstack/react-router'
import styled from 'styled-components'
import { productCards, productsIntro } from '../content/home'
import { productLinks } from '../content/navigation'
import { Icon } from '../ui/icon'
import { CardGrid, CardItem, Container, IconBadge, Lead, Section } from '../ui/primitives'
import { theme } from '../ui/theme'

/** Every product one click from the landing page: a line and a link each. */
export function HomeProducts() {
  return (
    <Section $tone="alt" aria-labelledby="products-title">
      <Container>
        <h2 id="products-title">{productsIntro.title}</h2>
        <Lead>{productsIntro.lead}</Lead>
        <CardGrid $wide={4}>
          {productCards.map((card) => {
            const link = productLinks.find((candidate) => candidate.label === card.label)!
            return (
              <CardItem key={card.label}>
                <IconBadge>
                  <Icon name={card.icon} />
                </IconBadge>
                <h3>{card.label}</h3>
                <p>{card.line}</p>
                <CardLink to={link.to} hash={link.hash}>
                  {card.cta}
                  <span className="visually-hidden">: {card.label}</span>
                </CardLink>
              </CardItem>
            )
          })}
        </CardGrid>
      </Container>
    </Section>
  )
}

const CardLink = styled(Link)`
  margin-top: auto;
  padding-top: ${theme.space.sm};
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  font-weight: 600;
`
