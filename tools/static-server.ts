// A static host for the built site, as small as the suite needs: /about answers about/index.html, a file
// answers itself, a console area's address (/admin/people) the console's page, and any other path answers
// 404.html with status 404 (what static hosts do).
import { createServer, type Server } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import { consolePageFile, isConsoleAreaPath } from '../shared/console-pages'

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

export interface RunningServer {
  url: string
  close: () => Promise<void>
}

async function isFile(path: string) {
  return (await stat(path).catch(() => undefined))?.isFile() ?? false
}

/** The file a URL path names inside root, or undefined (also for anything that escapes root). */
async function fileFor(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return undefined
  }
  const target = resolve(root, ...decoded.split('/').filter(Boolean))
  if (target !== root && !target.startsWith(root + sep)) return undefined
  const index = join(target, 'index.html')
  if (await isFile(index)) return index
  if (target !== root && (await isFile(target))) return target
  return undefined
}

export function listen(server: Server, port: number, host: string): Promise<RunningServer> {
  return new Promise((resolveListen, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolveListen({
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((resolveClose) => {
            server.closeAllConnections()
            server.close(() => resolveClose())
          }),
      })
    })
  })
}

export function startStaticServer({ root, port, host = '127.0.0.1' }: { root: string; port: number; host?: string }) {
  const base = resolve(root)
  const server = createServer(async (request, response) => {
    try {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { Allow: 'GET, HEAD' }).end()
        return
      }
      const { pathname } = new URL(request.url ?? '/', 'http://localhost')
      // A console area's address is the console's page (its router shows the area), as `npm start` answers it.
      const file = (await fileFor(base, pathname)) ?? (isConsoleAreaPath(pathname) ? await fileFor(base, `/${consolePageFile}`) : undefined)
      const path = file ?? join(base, '404.html')
      const body = await readFile(path)
      response.writeHead(file ? 200 : 404, {
        'Content-Type': contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
        'Content-Length': body.length,
        'Cache-Control': 'no-store',
      })
      response.end(request.method === 'HEAD' ? undefined : body)
    } catch (error) {
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(String(error))
    }
  })
  return listen(server, port, host)
}
