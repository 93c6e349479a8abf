import { palettes } from './site-palette'

// The brand's mark, drawn once: a stride path (an S drawn as one stroke) and a dot in a rounded tile. The logo
// beside the company name (src/ui/logo-mark.tsx), the header of the pages the endpoint renders
// (server/platform/http/private-page.tsx), the favicon and the Open Graph image all draw it from here.
export const logoDrawing = {
  viewBox: '0 0 64 64',
  tile: { width: 64, height: 64, rx: 16 },
  stride: { d: 'M42 19c-3-3-7-4-11-3-5 1-8 5-7 9 1 5 6 6 11 7 4 1 7 3 6 7-1 4-6 6-11 5-3-1-5-2-7-4', strokeWidth: 6.5 },
  dot: { cx: 46, cy: 46, r: 4 },
} as const

/** Where the build writes the mark as a file (scripts/prerender.ts): the console's icon, and the logo that
 * search engines read from the pages' structured data (src/content/structured-data.ts). */
export const logoFile = '/favicon.svg'

/** The mark as a standalone SVG document in the light palette's colours. */
export function logoSvg(): string {
  const { viewBox, tile, stride, dot } = logoDrawing
  const { brand, onBrand } = palettes.light
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${tile.width}" height="${tile.height}" viewBox="${viewBox}">` +
    `<rect width="${tile.width}" height="${tile.height}" rx="${tile.rx}" fill="${brand}"/>` +
    `<path d="${stride.d}" fill="none" stroke="${onBrand}" stroke-width="${stride.strokeWidth}" stroke-linecap="round"/>` +
    `<circle cx="${dot.cx}" cy="${dot.cy}" r="${dot.r}" fill="${onBrand}"/></svg>`
  )
}

/** The favicon written into every page's head as a data: URI. A file would be one more request racing the
 * first paint: when Chromium asked for it before the paint, Lighthouse's simulation counted it towards the
 * Largest Contentful Paint, about 100 ms more on its slow 4G (see README, "Budgets"). Every character that is
 * not a URL code point (the URL Standard's list, which the Nu HTML Checker applies: spaces, quotes, <, >, #,
 * % and the like) is percent-encoded, and the others are left as they are, so the URI is a valid URL and stays
 * about as short as the SVG. A function, so that the browser's bundle (which draws the mark with LogoMark
 * and never needs the URI) leaves it out. */
export const faviconHref = () => `data:image/svg+xml,${logoSvg().replace(/[^\w!$&'()*+,./:;=?@~-]/g, encodeURIComponent)}`
