import { Link, useLocation } from '@tanstack/react-router'
import { useMachine } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { headerMachine } from '../../machines/header-machine'
import { menuMachine } from '../../machines/menu-machine'
import { brand, mailto } from '../../shared/brand'
import { headerLinks } from '../content/navigation'
import { devInspect } from '../dev/inspector'
import { LogoMark } from '../ui/logo-mark'
import { Bar, Brand, Inner, MenuToggle, NavList, Nav } from './site-header.styles'

const toggleId = 'site-menu-toggle'

const browserMenuMachine = menuMachine.provide({
  actions: { focusToggleButton: () => document.getElementById(toggleId)?.focus() },
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
          aria-expanded={expanded}
          aria-controls="site-menu"
          aria-label="Menu"
          onClick={() => sendMenu({ type: 'TOGGLE' })}
        >
          <span aria-hidden="true">{expanded ? '✕' : '☰'}</span> Menu
        </MenuToggle>
        <Nav aria-label="Main">
          <NavList id="site-menu" data-open={expanded}>
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
