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
  ${narrow} {
    /* The open menu needs a solid backdrop even at the top of the page. */
    &:has([data-open='true']) { background: ${theme.color.surface}; }
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
  ${narrow} { flex-basis: 100%; }
`

export const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  gap: 0.25rem;
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
    a { width: 100%; }
  }
`
