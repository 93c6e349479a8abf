import styled from 'styled-components'
import { theme } from '../ui/theme'

export const FooterBar = styled.footer`
  background: ${theme.color.footer};
  color: ${theme.color.footerInk};
  padding: 3.5rem 1.25rem 2rem;
  a { color: #ffffff; }
  a:hover { color: #cdeee8; }
  h2 { font-size: 1rem; text-transform: uppercase; letter-spacing: 0.08em; color: #ffffff; }
  :focus-visible { outline-color: #8ab4ff; }
`

export const Columns = styled.div`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  display: grid;
  gap: 2rem;
  grid-template-columns: repeat(auto-fit, minmax(14rem, 1fr));
`

export const Column = styled.section``

export const LinkList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  a { display: inline-flex; align-items: center; min-height: 44px; }
`

export const IosButton = styled.button`
  margin-top: 0.75rem;
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  min-height: 44px;
  padding: 0.6rem 1.1rem;
  border: 2px solid #ffffff;
  border-radius: 999px;
  background: transparent;
  color: #ffffff;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.12); }
`

export const Bottom = styled.div`
  max-width: ${theme.layout.maxWidth};
  margin: 2.5rem auto 0;
  padding-top: 1.5rem;
  border-top: 1px solid rgba(255, 255, 255, 0.25);
  font-size: 0.95rem;
  p { margin: 0.5rem 0 0; }
`

export const SocialList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem 1rem;
  a { display: inline-flex; align-items: center; min-height: 44px; }
`
