import { not, setup } from 'xstate'

// The fixed header has two looks: transparent over the top of the page, and solid (white with a shadow)
// once the visitor has scrolled past the threshold. The view reports every scroll position; the machine
// alone decides which look that position means, so the 10 px rule lives in exactly one place.

/** Scrolled more than this many pixels (10, the product's rule), the header turns white with a shadow. */
export const headerScrollThreshold = 10

export type HeaderEvent = { type: 'SCROLLED'; y: number }

export const headerMachine = setup({
  types: {
    events: {} as HeaderEvent,
  },
  guards: {
    isPastThreshold: ({ event }) => event.y > headerScrollThreshold,
  },
}).createMachine({
  id: 'header',
  initial: 'transparent',
  states: {
    transparent: {
      description: 'The header lets the page show through: the visitor is at the top of the page.',
      on: {
        SCROLLED: { guard: 'isPastThreshold', target: 'solid' },
      },
    },
    solid: {
      description: 'The header is white with a shadow, so its links stay readable over the content scrolling beneath.',
      on: {
        SCROLLED: { guard: not('isPastThreshold'), target: 'transparent' },
      },
    },
  },
})
