import { setup } from 'xstate'

// The small-screen navigation menu is a disclosure: closed or open. The toggle button flips it; Escape
// closes it and hands focus back to the button (WAI-ARIA disclosure pattern); a route change closes it
// without moving focus, because the new page takes focus itself.

export type MenuEvent = { type: 'TOGGLE' } | { type: 'ESCAPE' } | { type: 'NAVIGATED' }

export const menuMachine = setup({
  types: {
    events: {} as MenuEvent,
  },
  actions: {
    // Given its browser implementation by the view with .provide(); a no-op keeps the machine pure.
    focusToggleButton: () => {},
  },
}).createMachine({
  id: 'menu',
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the Menu button shows (on small screens); the links are hidden.',
      on: {
        TOGGLE: { target: 'open' },
      },
    },
    open: {
      description: 'The links drop down below the header; the Menu button reads as expanded.',
      tags: ['expanded'],
      on: {
        TOGGLE: { target: 'closed' },
        ESCAPE: { target: 'closed', actions: 'focusToggleButton' },
        NAVIGATED: { target: 'closed' },
      },
    },
  },
})
