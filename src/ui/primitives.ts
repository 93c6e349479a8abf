import styled, { css } from 'styled-components'
import { theme } from './theme'

// Layout pieces every page shares. Pages compose these; they add no behaviour.

export const Section = styled.section<{ $tone?: 'plain' | 'alt' | 'tint' }>`
  padding: clamp(3rem, 8vw, 5.5rem) 1.25rem;
  background: ${({ $tone }) =>
    $tone === 'alt' ? theme.color.surfaceAlt : $tone === 'tint' ? theme.color.brandTint : theme.color.surface};
`

export const Container = styled.div<{ $narrow?: boolean }>`
  max-width: ${({ $narrow }) => ($narrow ? '46rem' : theme.layout.maxWidth)};
  margin: 0 auto;
`

/** The first section of every page leaves room for the fixed header. */
export const PageHero = styled(Section)`
  padding-top: calc(${theme.layout.headerHeight} + clamp(3rem, 8vw, 5rem));
  background: linear-gradient(160deg, ${theme.color.brandTint} 0%, #fdf6ef 100%);
`

export const Lead = styled.p`
  font-size: 1.2rem;
  color: ${theme.color.inkMuted};
  max-width: 40rem;
`

export const Badge = styled.p`
  display: inline-block;
  margin: 0 0 1rem;
  padding: 0.3rem 0.8rem;
  border-radius: 999px;
  background: ${theme.color.surface};
  color: ${theme.color.accent};
  border: 1px solid currentColor;
  font-weight: 600;
  font-size: 0.9rem;
`

export const CardGrid = styled.ul`
  list-style: none;
  margin: 2rem 0 0;
  padding: 0;
  display: grid;
  gap: 1.25rem;
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
`

export const CardItem = styled.li`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  padding: 1.5rem;
  p { margin: 0; color: ${theme.color.inkMuted}; }
`

const buttonBase = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-height: 44px;
  padding: 0.65rem 1.35rem;
  border-radius: 999px;
  font: inherit;
  font-weight: 600;
  text-decoration: none;
  cursor: pointer;
`

/** Looks of a link that acts as a call to action; apply to `styled.a` or `styled(Link)`. */
export const primaryButtonLook = css`
  ${buttonBase}
  background: ${theme.color.brand};
  color: #fff;
  border: 2px solid ${theme.color.brand};
  &:hover { background: ${theme.color.brandDark}; color: #fff; }
`

export const secondaryButtonLook = css`
  ${buttonBase}
  background: ${theme.color.surface};
  color: ${theme.color.brand};
  border: 2px solid ${theme.color.brand};
`

export const ButtonLink = styled.a`
  ${primaryButtonLook}
`

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' }>`
  ${buttonBase}
  border: 2px solid ${theme.color.brand};
  background: ${({ $variant }) => ($variant === 'secondary' ? theme.color.surface : theme.color.brand)};
  color: ${({ $variant }) => ($variant === 'secondary' ? theme.color.brand : '#fff')};
  &:disabled { cursor: not-allowed; background: #e4e9e8; border-color: #9aa8a5; color: #3b4745; }
`
