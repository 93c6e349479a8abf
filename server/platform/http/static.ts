// Serves the prerendered site (dist/) for `npm start`: /about is dist/about/index.html, every console area's
// address (/admin/people) the console's page (shared/console-pages.ts), unknown paths get dist/404.html with
// status 404. Every HTML page carries a CSP naming the hashes of its own inline scripts, and
// the pages with an email link's token in their address a referrer policy that keeps it there.
import { readdir, readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { consolePageFile, isConsoleAreaPath } from '../../../shared/console-pages'
import { carriesToken, hashedAssetFolders, inlineScriptHashes, securityHeaders } from './security-headers'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
}

type Encoding = 'br' | 'gzip'
type File = {
  body: Uint8Array<ArrayBuffer>
  headers: Record<string, string>
  encoded: Partial<Record<Encoding, Promise<Uint8Array<ArrayBuffer>>>>
}

// Text is sent compressed to clients that accept it, as any CDN would: Brotli at its best quality (a page is
// about a fifth smaller than with gzip, and /legal then fits in the first round trip of a new connection:
// ten 1,460-byte segments, RFC 6928), else gzip; compressed once per file version, off the main thread.
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/
const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
const compressors: Record<Encoding, (body: Uint8Array) => Promise<Uint8Array>> = {
  br: (body) =>
    brotliAsync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength },
    }),
  gzip: (body) => gzipAsync(body, { level: 9 }),
}

/** The coding to send, by the server's preference among those the client accepts with q > 0 (`*` stands for
 * any not named), or none (RFC 9110 §12.5.3). */
export function encodingFor(acceptEncoding: string | null): Encoding | undefined {
  const weights = new Map<string, number>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase())
    const q = params.find((param) => param.startsWith('q='))
    if (coding) weights.set(coding, q === undefined ? 1 : Number(q.slice(2)))
  }
  return (['br', 'gzip'] as const).find((coding) => (weights.get(coding) ?? weights.get('*') ?? 0) > 0)
}

const compresses = (file: File) => compressible.test(file.headers['Content-Type'] ?? '') && file.body.byteLength >= 1024
const encodedBody = (file: File, encoding: Encoding) =>
  (file.encoded[encoding] ??= compressors[encoding](file.body).then((bytes) => new Uint8Array(bytes)))

async function respond(file: File, status: number, request: Request): Promise<Response> {
  if (!compresses(file)) return new Response(file.body, { status, headers: file.headers })
  const headers = { ...file.headers, Vary: 'Accept-Encoding' }
  const encoding = encodingFor(request.headers.get('accept-encoding'))
  if (!encoding) return new Response(file.body, { status, headers })
  return new Response(await encodedBody(file, encoding), { status, headers: { ...headers, 'Content-Encoding': encoding } })
}

export type StaticSite = (request: Request) => Promise<Response>

export function createStaticSite(root: string): StaticSite {
  const base = resolve(root)
  // Keyed by path, checked against size and mtime, so a rebuild while serving is picked up.
  const cache = new Map<string, { version: string; file: File }>()

  async function load(path: string): Promise<File | undefined> {
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile()) return undefined
    const version = `${info.size}-${info.mtimeMs}`
    const cached = cache.get(path)
    if (cached?.version === version) return cached.file
    const body = new Uint8Array(await readFile(path))
    const file: File = { body, headers: headersFor(path.slice(base.length).split(sep).join('/'), body), encoded: {} }
    file.headers.ETag = `W/"${version}"`
    cache.set(path, { version, file })
    return file
  }

  // The first visitors should not wait for what they ask for to be compressed (about 0.25 s for React at
  // Brotli's best): every text file is compressed at start, one at a time, so that meanwhile the file reads
  // of requests do not queue behind the compressions in Node's thread pool.
  void (async () => {
    for (const entry of await readdir(base, { recursive: true }).catch(() => [])) {
      if (entry.split(sep).some(isPrivateSegment) || !compressible.test(contentTypeOf(entry))) continue
      const file = await load(join(base, entry)).catch(() => undefined)
      if (file && compresses(file)) await encodedBody(file, 'br').catch(() => undefined)
    }
  })()

  return async function serve(request) {
    const { pathname } = new URL(request.url)
    const found = (await findFile(base, pathname, load)) ?? (isConsoleAreaPath(pathname) ? await load(join(base, consolePageFile)) : undefined)
    if (found) {
      if (request.headers.get('if-none-match') === found.headers.ETag)
        return new Response(null, { status: 304, headers: found.headers })
      return respond(found, 200, request)
    }
    const notFound = await load(join(base, '404.html'))
    if (notFound) return respond(notFound, 404, request)
    return new Response('Page not found.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
}

async function findFile(base: string, pathname: string, load: (path: string) => Promise<File | undefined>) {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  // Refuse rather than normalise: no dot segments, backslashes or NULs, and nothing the build keeps for
  // itself (dist/.vite/manifest.json, the _headers file for static hosts).
  const segments = decoded.split('/').filter(Boolean)
  if (segments.some(isPrivateSegment)) return undefined
  const target = resolve(base, ...segments)
  if (target !== base && !target.startsWith(base + sep)) return undefined
  return (await load(join(target, 'index.html'))) ?? (target === base ? undefined : await load(target))
}

function isPrivateSegment(segment: string): boolean {
  if (/[\\\0]/.test(segment) || segment === '_headers' || segment === '_redirects') return true
  return segment.startsWith('.') && segment !== '.well-known'
}

const contentTypeOf = (path: string) => contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream'

function headersFor(urlPath: string, body: Uint8Array): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(urlPath),
    // Vite names everything under /assets/ (the site's) and /admin/assets/ (the console's) by content hash, so those
    // never change; the rest may.
    'Cache-Control': hashedAssetFolders.some((folder) => urlPath.startsWith(folder)) ? 'public, max-age=31536000, immutable' : 'no-cache',
  }
  if (extname(urlPath).toLowerCase() === '.html')
    Object.assign(headers, securityHeaders({ scriptHashes: inlineScriptHashes(new TextDecoder().decode(body)), carriesToken: carriesToken(urlPath) }))
  return headers
}
