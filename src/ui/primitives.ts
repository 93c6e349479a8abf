import styled, { css } from 'styled-components'
import { theme } from './theme'

// Layout pieces every page shares. Pages compose these; they add no behaviour.

export const Section = styled.section<{ $tone?: 'plain' | 'alt' | 'tint' }>`
  padding: ${theme.space.section} 1.25rem;
  background: ${({ $tone }) =>
    $tone === 'alt' ? theme.color.surfaceAlt : $tone === 'tint' ? theme.color.brandTint : theme.color.surface};
`

export const Container = styled.div<{ $narrow?: boolean }>`
  max-width: ${({ $narrow }) => ($narrow ? '46rem' : theme.layout.maxWidth)};
  margin: 0 auto;
`

/** The first section of every page leaves room for the fixed header. */
export const PageHero = styled(Section)`
  padding-top: calc(${theme.layout.headerHeight} + ${theme.space.section});
  background: linear-gradient(160deg, ${theme.color.heroFrom} 0%, ${theme.color.heroTo} 100%);
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

/** Cards in a balanced grid: 3 across when wide (4 for a set of four, so no row is left with a hole), 2 when
 * medium, 1 when narrow; a row's cards share a height. */
export const CardGrid = styled.ul<{ $wide?: 3 | 4 }>`
  list-style: none;
  margin: ${theme.space.lg} 0 0;
  padding: 0;
  display: grid;
  gap: ${theme.space.md};
  grid-template-columns: 1fr;
  @media (min-width: 40rem) { grid-template-columns: repeat(2, 1fr); }
  @media (min-width: 62rem) { grid-template-columns: repeat(${({ $wide = 3 }) => $wide}, 1fr); }
`

export const CardItem = styled.li`
  display: flex;
  flex-direction: column;
  background: ${theme.color.surfaceRaised};
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  padding: ${theme.space.md};
  p { margin: 0; color: ${theme.color.inkMuted}; }
  transition: transform 0.2s ease, box-shadow 0.2s ease;
  @media (hover: hover) and (prefers-reduced-motion: no-preference) {
    &:hover { transform: translateY(-3px); box-shadow: 0 12px 28px ${theme.color.shadow}; }
  }
`

/** The round badge a card's icon sits in. */
export const IconBadge = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  margin-bottom: ${theme.space.sm};
  border-radius: 0.75rem;
  background: ${theme.color.brandTint};
  color: ${theme.color.brand};
  svg { width: 1.5rem; height: 1.5rem; }
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
  color: ${theme.color.onBrand};
  border: 2px solid ${theme.color.brand};
  &:hover { background: ${theme.color.brandDark}; border-color: ${theme.color.brandDark}; color: ${theme.color.onBrand}; }
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
  color: ${({ $variant }) => ($variant === 'secondary' ? theme.color.brand : theme.color.onBrand)};
  &:disabled {
    cursor: not-allowed;
    background: ${theme.color.disabled};
    border-color: ${theme.color.disabledBorder};
    color: ${theme.color.onDisabled};
  }
`
