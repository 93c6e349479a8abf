// The console's navigation: the areas the member's role opens, as links, the current one marked (aria-current,
// which the router's Link sets on the active one). On a wide screen it is a sidebar; on a phone a Menu button
// discloses it (aria-expanded), and it closes again once an area is chosen, or on Escape (back on the button).
import { Link, useRouterState } from '@tanstack/react-router'
import { useRef, useState, type KeyboardEvent } from 'react'
import styled from 'styled-components'
import type { Permission } from '../../shared/team'
import { theme } from '../ui/theme'
import { areas, opens } from './area-list'
import { Button } from './button'
import type { ConsoleRouter } from './console-router'

export const wideScreen = '@media (min-width: 52rem)'

const Nav = styled.nav`
  ${wideScreen} { > button { display: none; } }
  ul { list-style: none; margin: 0.5rem 0 1rem; padding: 0; display: grid; gap: 0.15rem; }
  ul[data-open='false'] { display: none; ${wideScreen} { display: grid; } }
  a { display: block; padding: 0.5rem 0.75rem; border-radius: 0.4rem; text-decoration: none; color: ${theme.color.ink}; }
  a:hover { background: ${theme.color.brandTint}; color: ${theme.color.ink}; }
  a[aria-current='page'] { background: ${theme.color.brandTint}; color: ${theme.color.brandDark}; font-weight: 700; box-shadow: inset 3px 0 0 ${theme.color.brand}; }
`

export function ConsoleNav({ permissions }: { permissions: readonly Permission[] }) {
  // Open at one address: choosing an area (another address) closes it.
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const [openAt, setOpenAt] = useState<string | null>(null)
  const open = openAt === pathname
  const menu = useRef<HTMLButtonElement>(null)
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return
    setOpenAt(null)
    menu.current?.focus()
  }
  return (
    <Nav aria-label="Console areas" onKeyDown={closeOnEscape}>
      <Button ref={menu} type="button" $tone="plain" aria-expanded={open} aria-controls="console-areas" onClick={() => setOpenAt(open ? null : pathname)}>
        Menu
      </Button>
      <ul id="console-areas" data-open={open}>
        {areas
          .filter((area) => opens(area, permissions))
          .map((area) => (
            <li key={area.path}>
              <Link<ConsoleRouter> to={area.path} activeOptions={{ exact: area.path === '/' }} onClick={() => setOpenAt(null)}>{area.name}</Link>
            </li>
          ))}
      </ul>
    </Nav>
  )
}
