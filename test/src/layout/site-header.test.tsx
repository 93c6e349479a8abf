import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { act, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppRouter } from '../../../src/router'
import { renderSite } from '../../utils/render-route'

function scrollTo(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })
}

// jsdom applies no media queries, so the toggle keeps its wide-screen display:none here and has no
// accessible name to query by; the browser suite checks it by role at 390 px.
const menuToggle = () => {
  const toggle = document.getElementById('site-menu-toggle')
  if (!toggle) throw new Error('the menu toggle is missing')
  expect(toggle.tagName).toBe('BUTTON')
  expect(toggle.getAttribute('aria-label')).toMatch(/menu/i)
  return toggle
}

// The menu's list is a popover. jsdom has no popover API to open one, and its own style for a closed popover
// (display: none) outranks the page's, so here the links count as hidden even on a wide screen: they are
// found with { hidden: true }. The browser suite checks what a visitor sees, at 1280 and 390 px.
const menuLink = (name: string) => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name, hidden: true })

describe('site header', () => {
  afterEach(() => scrollTo(0))

  it('is transparent at 10 px of scroll and solid at 11 px, and transparent again at the top', async () => {
    await renderSite(['/about'])
    const header = screen.getByRole('banner')
    expect(header).toHaveAttribute('data-look', 'transparent')
    scrollTo(10)
    expect(header).toHaveAttribute('data-look', 'transparent')
    scrollTo(11)
    expect(header).toHaveAttribute('data-look', 'solid')
    scrollTo(0)
    expect(header).toHaveAttribute('data-look', 'transparent')
  })

  it('links Home, About, Blog and a Contact mail link', async () => {
    await renderSite(['/about'])
    expect(menuLink('Home')).toHaveAttribute('href', '/')
    expect(menuLink('About')).toHaveAttribute('href', '/about')
    expect(menuLink('Blog')).toHaveAttribute('href', '/blog')
    expect(menuLink('Contact').getAttribute('href')).toMatch(/^mailto:/)
  })

  it('has a menu toggle that discloses the menu, closes on Escape and returns focus to itself', async () => {
    const user = userEvent.setup()
    await renderSite(['/about'])
    const toggle = menuToggle()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveAttribute('aria-controls', 'site-menu')
    expect(document.getElementById('site-menu')).not.toBeNull()

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    expect(document.getElementById('site-menu')).toHaveAttribute('data-open', 'true')

    menuLink('Blog').focus()
    await user.keyboard('{Escape}')
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(toggle).toHaveFocus()
  })

  it('closes the menu when the route changes', async () => {
    const user = userEvent.setup()
    await renderSite(['/about'])
    const toggle = menuToggle()
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await user.click(menuLink('Blog'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument()
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  it('opens for a tap made the moment the header is on screen, before the app has run its effects', async () => {
    // On a slow phone a visitor can tap between the app's first commit and its effects (a later task): the
    // menu once closed itself again there, because the header treated its own start as a page change. The
    // tap is made from the first microtask after the header appears, as React renders outside act().
    const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
    const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT
    reactGlobals.IS_REACT_ACT_ENVIRONMENT = false
    const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/about'] }) })
    const tapped = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        const toggle = document.getElementById('site-menu-toggle')
        if (!toggle) return
        observer.disconnect()
        toggle.click()
        resolve()
      })
      observer.observe(document, { childList: true, subtree: true })
    })
    await router.load() // the page is ready to show in the first render, as a prerendered one is
    const root = createRoot(document.body.appendChild(document.createElement('div')))
    try {
      startTransition(() => root.render(<RouterProvider router={router} />))
      await tapped
      await screen.findByRole('heading', { level: 1 })
      await new Promise((resolve) => setTimeout(resolve, 50)) // the effects have run
      expect(menuToggle()).toHaveAttribute('aria-expanded', 'true')
    } finally {
      root.unmount()
      reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment
    }
  })
})
