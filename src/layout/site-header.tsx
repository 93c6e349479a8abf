import { Link, useLocation } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { headerMachine } from '../../machines/header-machine'
import { menuMachine } from '../../machines/menu-machine'
import { brand, mailto } from '../../shared/brand'
import { headerLinks } from '../content/navigation'
import { devInspect } from '../dev/inspector'
import { LogoMark } from '../ui/logo-mark'
import { useHydrated } from '../ui/use-hydrated'
import { Bar, Brand, Inner, MenuToggle, NavList, Nav } from './site-header.styles'

const toggleId = 'site-menu-toggle'
const menuId = 'site-menu'

// The menu is a popover, so the page's own HTML opens it on the frame of the tap, before the app has arrived
// (the early-event recorder lets that tap through to the browser). Once the app runs, the menu machine owns it:
// the button's click is the machine's TOGGLE (not the browser's own toggle), and the machine shows and hides
// the popover. Where popover is missing (Safari before 17), data-open still shows the menu once the app runs.
const menuElement = () => document.getElementById(menuId)
const isShown = (menu: HTMLElement) => typeof menu.showPopover === 'function' && menu.matches(':popover-open')

const browserMenuMachine = menuMachine.provide({
  actions: {
    focusToggleButton: () => document.getElementById(toggleId)?.focus(),
    showMenu: () => {
      const menu = menuElement()
      if (menu && typeof menu.showPopover === 'function' && !isShown(menu)) menu.showPopover()
    },
    hideMenu: () => {
      const menu = menuElement()
      if (menu && isShown(menu)) menu.hidePopover()
    },
  },
})

export function SiteHeader() {
  const [menuState, sendMenu] = useMachine(browserMenuMachine, { inspect: devInspect })
  const [headerState, sendHeader] = useMachine(headerMachine, { inspect: devInspect })
  const pathname = useLocation({ select: (location) => location.pathname })

  useEffect(() => {
    const report = () => sendHeader({ type: 'SCROLLED', y: window.scrollY })
    report()
    window.addEventListener('scroll', report, { passive: true })
    return () => window.removeEventListener('scroll', report)
  }, [sendHeader])

  // At hydration the machine takes the state the visitor left the menu in (in the same commit as the app
  // takes the early taps, so no tap falls between), then hears when the browser closes it on its own.
  useLayoutEffect(() => {
    const menu = menuElement()
    if (!menu) return
    if (isShown(menu)) sendMenu({ type: 'SHOWN' })
    const onToggle = (event: Event) => {
      if ((event as ToggleEvent).newState === 'closed') sendMenu({ type: 'DISMISSED' })
    }
    menu.addEventListener('toggle', onToggle)
    return () => menu.removeEventListener('toggle', onToggle)
  }, [sendMenu])

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') sendMenu({ type: 'ESCAPE' })
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [sendMenu])

  // A new page closes the menu. The header's own start is not a new page: a visitor on a slow phone can open
  // the menu between the app's first render and its effects, and it must stay open.
  const shownPathname = useRef(pathname)
  useEffect(() => {
    if (shownPathname.current === pathname) return
    shownPathname.current = pathname
    sendMenu({ type: 'NAVIGATED' })
  }, [pathname, sendMenu])

  const look = headerState.matches('solid') ? 'solid' : 'transparent'
  const expanded = menuState.hasTag('expanded')
  // Before the app, the browser itself says whether the popover's button is expanded; the app says it after.
  const hydrated = useHydrated()

  return (
    <Bar data-look={look} $solid={look === 'solid'}>
      <Inner>
        <Brand to="/">
          <LogoMark />
          {brand.companyName}
        </Brand>
        <MenuToggle
          id={toggleId}
          data-menu-toggle
          type="button"
          popoverTarget={menuId}
          aria-expanded={hydrated ? expanded : undefined}
          aria-controls={menuId}
          aria-label="Menu"
          onClick={(event) => {
            event.preventDefault() // the machine opens and closes the popover, not the button's own toggle
            sendMenu({ type: 'TOGGLE' })
          }}
        >
          {/* The glyph follows the popover itself (site-header.styles.ts), before the app and after. */}
          <span aria-hidden="true" data-glyph="closed">
            ☰
          </span>
          <span aria-hidden="true" data-glyph="open">
            ✕
          </span>{' '}
          Menu
        </MenuToggle>
        <Nav aria-label="Main">
          <NavList id={menuId} popover="auto" data-open={expanded}>
            {headerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} activeOptions={{ exact: true }}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a href={mailto()}>Contact</a>
            </li>
          </NavList>
        </Nav>
      </Inner>
    </Bar>
  )
}
