import type { Card } from '../content/types'
import { Icon } from './icon'
import { CardGrid, CardItem, IconBadge } from './primitives'

/** A grid of titled cards; each card's title is a heading one level below the section's. */
export function CardList({ cards, headingLevel = 3 }: { cards: readonly Card[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <CardGrid $wide={cards.length === 4 ? 4 : 3}>
      {cards.map((card) => (
        <CardItem key={card.title}>
          {card.icon && (
            <IconBadge>
              <Icon name={card.icon} />
            </IconBadge>
          )}
          <Heading>{card.title}</Heading>
          <p>{card.body}</p>
        </CardItem>
      ))}
    </CardGrid>
  )
}
