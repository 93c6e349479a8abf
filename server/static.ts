// Serves the prerendered site (dist/) for `npm start`: /about is dist/about/index.html, unknown paths get
// dist/404.html with status 404. Every HTML page carries a CSP naming the hashes of its own inline scripts.
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { gzipSync } from 'node:zlib'
import { inlineScriptHashes, securityHeaders } from './security-headers'

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

type File = { body: Uint8Array<ArrayBuffer>; headers: Record<string, string>; gzipped?: Uint8Array<ArrayBuffer> }

// Text is sent gzipped to clients that accept it, as any CDN would; compressed once per file version.
const compressible = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/

function respond(file: File, status: number, request: Request): Response {
  const accepts = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '')
  if (!compressible.test(file.headers['Content-Type'] ?? '') || file.body.byteLength < 1024)
    return new Response(file.body, { status, headers: file.headers })
  const headers = { ...file.headers, Vary: 'Accept-Encoding' }
  if (!accepts) return new Response(file.body, { status, headers })
  file.gzipped ??= new Uint8Array(gzipSync(file.body, { level: 9 }))
  return new Response(file.gzipped, { status, headers: { ...headers, 'Content-Encoding': 'gzip' } })
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
    const file = { body, headers: headersFor(path.slice(base.length).split(sep).join('/'), body) }
    file.headers.ETag = `W/"${version}"`
    cache.set(path, { version, file })
    return file
  }

  return async function serve(request) {
    const found = await findFile(base, new URL(request.url).pathname, load)
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

function headersFor(urlPath: string, body: Uint8Array): Record<string, string> {
  const extension = extname(urlPath).toLowerCase()
  const headers: Record<string, string> = {
    'Content-Type': contentTypes[extension] ?? 'application/octet-stream',
    // Vite names everything under /assets/ by content hash, so those never change; the rest may.
    'Cache-Control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
  }
  if (extension === '.html') Object.assign(headers, securityHeaders({ scriptHashes: inlineScriptHashes(new TextDecoder().decode(body)) }))
  return headers
}
