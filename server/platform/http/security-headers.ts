// The security headers every response carries, for `npm start` and for static hosts (dist/_headers).
// Prerendered pages carry small inline scripts (router state), so script-src lists each page's own hashes
// instead of 'unsafe-inline'. Styles stay 'unsafe-inline': styled-components and framer-motion write them.
import { createHash } from 'node:crypto'
import type { Context, MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { tokenPagePaths, tokenPageReferrerPolicy } from '../../../shared/consent-paths'
import { newsFormOutcomes, outcomePath } from '../../../shared/outcome-codes'

export type SecurityHeaderOptions = {
  /** CSP sources such as `'sha256-…'` for the page's inline scripts. */
  scriptHashes?: readonly string[]
  /** Adds Strict-Transport-Security; browsers ignore it over plain http anyway, so only send it over https. */
  https?: boolean
  /** An endpoint on another origin the page posts to (the waitlist on a separate host). */
  connectSrc?: readonly string[]
  /** The page has an email link's token in its address: its requests must not pass the address on. */
  carriesToken?: boolean
}

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>
type PermissionsPolicy = NonNullable<SecureHeadersOptions['permissionsPolicy']>

/** Features no page of ours uses, denied to every page and anything it embeds (named as Hono's options name
 * them; the header spells browsingTopics browsing-topics). */
const deniedFeatures = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'browsingTopics'] as const satisfies readonly (keyof PermissionsPolicy)[]
const headerName = (feature: string) => feature.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

const sharedHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': deniedFeatures.map((feature) => `${headerName(feature)}=()`).join(', '),
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const

const hsts = 'max-age=63072000'

/**
 * The headers of every reply of the app (createApp), unless its handler set them itself (the static site sets
 * each page's own CSP): Hono's secure-headers, with the values above and the CSP of a reply that renders
 * nothing, loads nothing and may not be framed (a JSON or text answer). Hono's other headers are left off: the
 * app sends the headers securityHeaders() lists for static hosts, no more.
 */
export function replySecurityHeaders(isHttps: (c: Context) => boolean): MiddlewareHandler {
  const headers = (https: boolean) =>
    secureHeaders({
      overwrite: false,
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      xContentTypeOptions: sharedHeaders['X-Content-Type-Options'],
      referrerPolicy: sharedHeaders['Referrer-Policy'],
      permissionsPolicy: Object.fromEntries(deniedFeatures.map((feature) => [feature, []])),
      xFrameOptions: sharedHeaders['X-Frame-Options'],
      crossOriginOpenerPolicy: sharedHeaders['Cross-Origin-Opener-Policy'],
      strictTransportSecurity: https && hsts,
      crossOriginResourcePolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    })
  const [overHttp, overHttps] = [headers(false), headers(true)]
  return (c, next) => (isHttps(c) ? overHttps : overHttp)(c, next)
}

export function contentSecurityPolicy({ scriptHashes = [], connectSrc = [] }: SecurityHeaderOptions = {}): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    ["connect-src 'self'", ...connectSrc].join(' '),
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // The waitlist form posts to its endpoint when no script runs (and mails a draft when there is none).
    ["form-action 'self' mailto:", ...connectSrc].join(' '),
    "frame-ancestors 'none'",
  ].join('; ')
}

export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    ...sharedHeaders,
    ...(options.carriesToken ? { 'Referrer-Policy': tokenPageReferrerPolicy } : {}),
    ...(options.https ? { 'Strict-Transport-Security': hsts } : {}),
  }
}

/** Every page whose address may carry a token: the pages behind the links in our emails (consent-paths.ts), and
 * the outcome pages whose form chooses news and updates (outcome-codes.ts). */
const pagesCarryingTokens = [...tokenPagePaths, ...newsFormOutcomes.map(outcomePath)]

/** Whether a page (`/waitlist/confirm`, `/waitlist/confirm/` or its file `/waitlist/confirm/index.html`) is one
 * that carries a token. */
export const carriesToken = (path: string) => pagesCarryingTokens.includes(path.replace(/\/(index\.html)?$/, ''))

const inlineScript = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi
const hasSrc = /(?:^|\s)src\s*=/i
// A data block (the console's first view, drawn on the server, carries one) is never run: it needs no hash.
const dataBlock = /(?:^|\s)type\s*=\s*["']?application\/json/i

/** The CSP sources (`'sha256-…'`) of every inline `<script>` (one without src) in an HTML document, in order, once each. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes = '', body = ''] of html.matchAll(inlineScript)) {
    if (hasSrc.test(attributes) || dataBlock.test(attributes)) continue
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** The folders whose files Vite names by their content's hash: the site's and the console's (vite.admin.config.ts). */
export const hashedAssetFolders = ['/assets/', '/admin/assets/'] as const

/**
 * The `_headers` file (Netlify, Cloudflare Pages) for prerendered pages. Both hosts apply every matching block,
 * and a response with two CSPs must satisfy both. So `/*` carries a CSP allowing every page's hashes (it is all
 * that unlisted paths, such as the 404 page, get) and each page's own block narrows it to that page's hashes.
 */
export function headersFileFor(pages: readonly { path: string; html: string }[], options: { connectSrc?: readonly string[] } = {}): string {
  const hashesByPage = pages.map((page) => ({ path: page.path, hashes: inlineScriptHashes(page.html) }))
  const allHashes = [...new Set(hashesByPage.flatMap((page) => page.hashes))]
  const block = (path: string, headers: Record<string, string>) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n')

  const blocks = [
    block('/*', securityHeaders({ scriptHashes: allHashes, https: true, connectSrc: options.connectSrc })),
    ...hashedAssetFolders.map((folder) => block(`${folder}*`, { 'Cache-Control': 'public, max-age=31536000, immutable' })),
  ]
  for (const { path, hashes } of hashesByPage) {
    const headers = {
      'Content-Security-Policy': contentSecurityPolicy({ scriptHashes: hashes, connectSrc: options.connectSrc }),
      // Cloudflare Pages joins this to the `/*` value, and browsers take the last policy they know (W3C
      // Referrer Policy, "parse a referrer policy from a Referrer-Policy header"); the page's head says it too.
      ...(carriesToken(path) ? { 'Referrer-Policy': tokenPageReferrerPolicy } : {}),
    }
    for (const variant of pathVariants(path)) blocks.push(block(variant, headers))
  }
  return `${blocks.join('\n\n')}\n`
}

// Hosts serve /about/index.html at /about and at /about/; a rule has to name both.
function pathVariants(path: string): string[] {
  const bare = path === '/' ? '/' : path.replace(/\/+$/, '')
  return bare === '/' ? ['/'] : [bare, `${bare}/`]
}
