import { Link } from '@tanstack/react-router'
import styled from 'styled-components'
import { theme } from '../ui/theme'

const narrow = `@media (max-width: ${theme.layout.menuBreakpoint})`

export const Bar = styled.header<{ $solid: boolean }>`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 10;
  background: ${({ $solid }) => ($solid ? theme.color.surface : 'transparent')};
  box-shadow: ${({ $solid }) => ($solid ? `0 2px 12px ${theme.color.shadow}` : 'none')};
  transition: background-color 0.2s ease, box-shadow 0.2s ease;
  /* The Menu button's glyph says whether the menu is open, as the popover itself is (before the app too). */
  [data-glyph='open'] { display: none; }
  &:has(#site-menu:popover-open), &:has([data-open='true']) {
    [data-glyph='open'] { display: inline; }
    [data-glyph='closed'] { display: none; }
  }
  ${narrow} {
    /* The open menu needs a solid backdrop even at the top of the page. */
    &:has(#site-menu:popover-open), &:has([data-open='true']) { background: ${theme.color.surface}; }
  }
`

export const Inner = styled.div`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  min-height: ${theme.layout.headerHeight};
  padding: 0 1.25rem;
  display: flex;
  align-items: center;
  justify-content: space-between;
  flex-wrap: wrap;
`

export const Brand = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.6rem;
  font-weight: 800;
  font-size: 1.2rem;
  color: ${theme.color.ink};
  text-decoration: none;
  padding: 0.5rem 0;
  /* At 320 px the name, its mark and the menu button still share one line. */
  @media (max-width: 23rem) {
    gap: 0.45rem;
    font-size: 1.05rem;
    svg { width: 26px; height: 26px; }
  }
`

export const MenuToggle = styled.button`
  display: none;
  min-height: 44px;
  min-width: 44px;
  padding: 0.4rem 0.9rem;
  border: 2px solid ${theme.color.ink};
  border-radius: 999px;
  background: ${theme.color.surface};
  color: ${theme.color.ink};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  ${narrow} { display: inline-flex; gap: 0.4rem; align-items: center; }
`

export const Nav = styled.nav`
  /* Where popover is missing, the open menu drops down in the header's flow, on a line of its own. */
  ${narrow} { flex-basis: 100%; }
`

// The list is a popover (the menu on small screens opens without the app), so the browser's own popover
// styles (a floating box in the middle of the screen, hidden while closed) are undone here: on wide screens it
// is a plain row of links in the header; on small screens, open, it drops down below the header bar.
export const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: 0.25rem;
  position: static;
  inset: auto;
  width: auto;
  height: auto;
  border: 0;
  overflow: visible;
  color: inherit;
  background: none;
  a {
    display: inline-flex;
    align-items: center;
    min-height: 44px;
    padding: 0 0.85rem;
    border-radius: 999px;
    color: ${theme.color.ink};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover, a[aria-current='page'] { text-decoration: underline; text-decoration-thickness: 2px; }
  ${narrow} {
    display: none;
    flex-direction: column;
    padding: 0.5rem 0 1rem;
    &[data-open='true'] { display: flex; }
    &:popover-open {
      display: flex;
      position: fixed;
      inset: ${theme.layout.headerHeight} 0 auto 0;
      padding: 0.5rem 1.25rem 1rem;
      background: ${theme.color.surface};
      box-shadow: 0 10px 12px -8px ${theme.color.shadow};
    }
    a { width: 100%; }
  }
`
