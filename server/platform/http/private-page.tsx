// The frame of the pages the endpoint renders behind a private link (the "your place" page, the invitation
// page): never indexed or followed, their address (which holds the link's token) never sent on as a Referer,
// their one inline style allowed by its hash in each page's own Content-Security-Policy. They look like the site
// (issue 47): its header with the brand, its type, its palettes in both schemes.
import { createHash } from 'node:crypto'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { brand } from '../../../shared/brand'
import { logoDrawing } from '../../../shared/logo-drawing'
import { bodyFont, cssVar, palettes, type ColorToken } from '../../../shared/site-palette'

/** A CSP source for an inline style or script: its SHA-256, as the policy names it. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const declarations = (palette: Record<ColorToken, string>) => (Object.keys(palette) as ColorToken[]).map((token) => `${cssVar(token)}:${palette[token]}`).join(';')

/** The first rules of every such page's style: the site's look (issue 47), its two palettes as the same custom
 * properties the site's pages carry (src/ui/global-css.ts), its type, and its header's brand. Each page adds its
 * own rules on the same properties, so both schemes follow with no rule of their own. */
export const privatePageStyle = [
  `:root{color-scheme:light dark;${declarations(palettes.light)}}`,
  `@media (prefers-color-scheme:dark){:root{${declarations(palettes.dark)}}}`,
  `*,*::before,*::after{box-sizing:border-box}`,
  `body{margin:0;font-family:${bodyFont};font-size:1.0625rem;line-height:1.6;color:var(--color-ink);background:var(--color-surface)}`,
  `header{border-bottom:1px solid var(--color-line)}`,
  `header div{max-width:72rem;margin:0 auto;min-height:4rem;padding:0 1.25rem;display:flex;align-items:center}`,
  `.brand{display:inline-flex;align-items:center;gap:.6rem;font-weight:800;font-size:1.2rem;color:var(--color-ink);text-decoration:none;padding:.5rem 0}`,
  `main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 3rem}`,
  `h1,h2{line-height:1.2;margin:0 0 .75rem}`,
  `h1{font-size:clamp(1.75rem,5vw,2.5rem);letter-spacing:-.02em}`,
  `h2{font-size:clamp(1.3rem,3.2vw,1.6rem);letter-spacing:-.01em;margin-top:2rem}`,
  `p{margin:0 0 1rem}`,
  `.muted{color:var(--color-ink-muted)}`,
  `a{color:var(--color-brand);text-underline-offset:.2em}`,
  `a:hover{color:var(--color-brand-dark)}`,
  `:focus-visible{outline:3px solid var(--color-focus);outline-offset:2px}`,
]

const headMeta = { viewport: 'width=device-width, initial-scale=1', robots: 'noindex, nofollow', referrer: 'no-referrer' }

/** The site's mark (shared/logo-drawing.ts), in the page's scheme; decorative, as the name beside it says it. */
function Mark() {
  const { viewBox, tile, stride, dot } = logoDrawing
  return (
    <svg width={32} height={32} viewBox={viewBox} aria-hidden="true" focusable="false">
      <rect {...tile} fill="var(--color-brand)" />
      <path d={stride.d} fill="none" stroke="var(--color-on-brand)" strokeWidth={stride.strokeWidth} strokeLinecap="round" />
      <circle {...dot} fill="var(--color-on-brand)" />
    </svg>
  )
}

/** `siteUrl`: where the header's brand leads, the site's home page. */
export function PrivatePage({ title, style, siteUrl, children }: { title: string; style: string; siteUrl: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        {Object.entries(headMeta).map(([name, content]) => (
          <meta key={name} name={name} content={content} />
        ))}
        <title>{`${title} · ${brand.companyName}`}</title>
        <style dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>
        {/* The site's header, without its menu (a page of its own behind a private link, not a page of the site). */}
        <header>
          <div>
            <a className="brand" href={siteUrl}>
              <Mark />
              {brand.companyName}
            </a>
          </div>
        </header>
        <main>{children}</main>
      </body>
    </html>
  )
}

/** A page as the reply's body: the doctype, then the markup. */
export const renderPage = (page: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(page)}`

/** A path on the site, whether its address ends in a slash or not. */
export const siteLink = (siteUrl: string, path: string) => `${siteUrl.replace(/\/$/, '')}${path}`
