import { paletteDeclarations, palettes, theme } from './theme'

// The site's global CSS: both palettes as custom properties, the element defaults, the visually-hidden
// helper. Plain CSS in a <style> of the document's head (src/layout/document-head.tsx), not a
// styled-components `createGlobalStyle`: that one re-runs the CSS preprocessor in the browser while React
// commits the hydrated page, a long task on a phone-speed CPU for CSS that never changes. Whitespace is
// collapsed once, here.
export const globalCss = `
  :root {
    color-scheme: light dark;
    ${paletteDeclarations(palettes.light)}
  }
  @media (prefers-color-scheme: dark) {
    :root { ${paletteDeclarations(palettes.dark)} }
  }
  *, *::before, *::after { box-sizing: border-box; }
  html { scroll-padding-top: calc(${theme.layout.headerHeight} + 1rem); -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    font-family: ${theme.font.body};
    font-size: 1.0625rem;
    line-height: 1.6;
    color: ${theme.color.ink};
    background: ${theme.color.surface};
  }
  h1, h2, h3 { line-height: 1.2; margin: 0 0 0.75rem; }
  h1 { font-size: clamp(2rem, 5vw, 3.25rem); letter-spacing: -0.02em; }
  h2 { font-size: clamp(1.5rem, 3.2vw, 2.25rem); letter-spacing: -0.01em; }
  h3 { font-size: 1.2rem; }
  p { margin: 0 0 1rem; }
  a { color: ${theme.color.brand}; text-underline-offset: 0.2em; }
  a:hover { color: ${theme.color.brandDark}; }
  :focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  [tabindex='-1']:focus { outline: none; }
  .visually-hidden {
    position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
    overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0;
  }
  img, svg { max-width: 100%; height: auto; }
  @media (prefers-reduced-motion: reduce) {
    html { scroll-behavior: auto; }
    *, *::before, *::after { transition-duration: 0.01ms !important; animation-duration: 0.01ms !important; }
  }
`
  .replace(/\s+/g, ' ')
  .trim()
