// The frame of the pages the endpoint renders behind a private link (the "your place" page, the invitation
// page): never indexed or followed, their address (which holds the link's token) never sent on as a Referer,
// their one inline style allowed by its hash in each page's own Content-Security-Policy.
import { createHash } from 'node:crypto'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { brand } from '../../../shared/brand'
import { emailFont, emailPalettes } from '../mail/email-theme'

/** A CSP source for an inline style or script: its SHA-256, as the policy names it. */
export const cspHash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`

const { light } = emailPalettes
/** The first rules of every such page's style: the emails' font and light palette (each page adds its own
 * rules and its dark scheme). */
export const privatePageStyle = [
  `:root{color-scheme:light dark}`,
  `body{margin:0;font:16px/1.5 ${emailFont};background:${light.background};color:${light.ink}}`,
  `main{max-width:36rem;margin:0 auto;padding:2rem 1.25rem}`,
  `h1{font-size:1.75rem;line-height:1.2;margin:0 0 .5rem}`,
  `.muted{color:${light.inkMuted}}`,
  `a{color:${light.link}}`,
]

const headMeta = { viewport: 'width=device-width, initial-scale=1', robots: 'noindex, nofollow', referrer: 'no-referrer' }

export function PrivatePage({ title, style, children }: { title: string; style: string; children: ReactNode }) {
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
        <main>{children}</main>
      </body>
    </html>
  )
}

/** A page as the reply's body: the doctype, then the markup. */
export const renderPage = (page: ReactElement) => `<!DOCTYPE html>${renderToStaticMarkup(page)}`

/** A path on the site, whether its address ends in a slash or not. */
export const siteLink = (siteUrl: string, path: string) => `${siteUrl.replace(/\/$/, '')}${path}`
