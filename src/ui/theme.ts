// Design tokens. Colours are CSS custom properties: the global style defines both palettes (shared/site-palette.ts),
// the light one by default and the dark one under `prefers-color-scheme: dark`, so the prerendered CSS carries both
// and the right one paints before any script runs.
import { bodyFont, cssVar, type ColorToken } from '../../shared/site-palette'

export type { ColorToken } from '../../shared/site-palette'
export { palettes, paletteDeclarations } from '../../shared/site-palette'

/** Each colour token as the custom property that carries it: `theme.color.ink` is `var(--color-ink)`. The
 * values reach the browser in the page's head (global-css.ts, written by the server), so the app's bundle
 * needs only the names, and makes each on demand: the palettes above stay out of it. */
const colorVars = new Proxy({} as Record<ColorToken, string>, {
  get: (_, token) => (typeof token === 'string' ? `var(${cssVar(token as ColorToken)})` : undefined),
})

export const theme = {
  color: colorVars,
  font: {
    body: bodyFont,
  },
  /** One spacing scale: gaps inside components use the small steps, sections the large ones. */
  space: {
    xs: '0.5rem',
    sm: '1rem',
    md: '1.5rem',
    lg: '2.5rem',
    section: 'clamp(3.5rem, 8vw, 6rem)',
  },
  layout: {
    maxWidth: '72rem',
    headerHeight: '4rem',
    /** Below this width the header collapses into the menu toggle. */
    menuBreakpoint: '48rem',
  },
  radius: '0.75rem',
} as const
