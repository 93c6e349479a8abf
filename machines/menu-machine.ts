import { setup } from 'xstate'

// The small-screen navigation menu is a disclosure: closed or open. The toggle button flips it; Escape
// closes it and hands focus back to the button (WAI-ARIA disclosure pattern); a route change closes it
// without moving focus, because the new page takes focus itself.
//
// The page's own HTML can open the menu before the app runs (the view makes it a popover), so the machine
// also follows what the browser did without it: SHOWN when the app starts and finds the menu already open,
// DISMISSED when the browser closes it on its own (a tap outside it). Once open, the machine shows the menu
// (showMenu) and hides it as it leaves (hideMenu), whatever closed it.

export type MenuEvent = { type: 'TOGGLE' } | { type: 'ESCAPE' } | { type: 'NAVIGATED' } | { type: 'SHOWN' } | { type: 'DISMISSED' }

export const menuMachine = setup({
  types: {
    events: {} as MenuEvent,
  },
  actions: {
    // Given their browser implementations by the view with .provide(); no-ops keep the machine pure.
    focusToggleButton: () => {},
    showMenu: () => {},
    hideMenu: () => {},
  },
}).createMachine({
  id: 'menu',
  initial: 'closed',
  states: {
    closed: {
      description: 'Only the Menu button shows (on small screens); the links are hidden.',
      on: {
        TOGGLE: { target: 'open' },
        SHOWN: { target: 'open', description: 'The visitor opened the menu before the app was in control.' },
      },
    },
    open: {
      description: 'The links drop down below the header; the Menu button reads as expanded.',
      tags: ['expanded'],
      entry: 'showMenu',
      exit: 'hideMenu',
      on: {
        TOGGLE: { target: 'closed' },
        ESCAPE: { target: 'closed', actions: 'focusToggleButton' },
        NAVIGATED: { target: 'closed' },
        DISMISSED: { target: 'closed', description: 'The browser closed the menu itself: a tap outside it.' },
      },
    },
  },
})
