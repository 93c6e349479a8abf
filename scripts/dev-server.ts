// `npm run dev`: Vite with hot reload, rendering each page on the server the same way the build
// prerenders it, so what you see in development is what ships. The team's console (/admin/) is its own Vite
// server over vite.admin.config.ts: its sign-in page, and its one page for every area's address
// (shared/console-pages.ts), as `npm start` answers them. Its calls to /api/admin need the API (npm run serve:api)
// behind the same origin, as in production.
import { readFile } from 'node:fs/promises'
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { Manifest } from '@tanstack/react-router'
import { createServer as createViteServer } from 'vite'
import { isConsoleAreaPath } from '../shared/console-pages'

const port = Number(process.env.PORT ?? 5173)
const host = process.env.HOST ?? '127.0.0.1'

// The page's scripts are index.html's own, so the router's manifest names none.
const devManifest: Manifest = { routes: {} }

const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })

// The console's hot reload has a socket of its own, beside the site's (24678).
const consoleVite = await createViteServer({ configFile: 'vite.admin.config.ts', server: { middlewareMode: true, hmr: { port: 24679 } }, appType: 'custom' })
/** The console's page for an address: the sign-in page, or the one page of every area; none for a file. */
const consolePageFor = (path: string) =>
  /^\/admin\/sign-in\/?$/.test(path) ? 'src/admin/sign-in/index.html' : /^\/admin\/?$/.test(path) || isConsoleAreaPath(path) ? 'src/admin/index.html' : undefined

function serveConsole(request: IncomingMessage, response: ServerResponse, pathname: string) {
  consoleVite.middlewares(request, response, async () => {
    const page = consolePageFor(pathname)
    if (!page) {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.')
      return
    }
    const html = await consoleVite.transformIndexHtml(pathname, await readFile(page, 'utf8'))
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html)
  })
}

const server = createHttpServer((request, response) => {
  const { pathname } = new URL(request.url ?? '/', 'http://localhost')
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return serveConsole(request, response, pathname)
  vite.middlewares(request, response, async () => {
    try {
      const url = new URL(request.url ?? '/', `http://${request.headers.host ?? 'localhost'}`)
      const { renderPage } = (await vite.ssrLoadModule('/src/entry-server.tsx')) as typeof import('../src/entry-server')
      const page = await renderPage(url.href, devManifest)
      // index.html as Vite serves it in development (its client, React Refresh), with the page in its marks.
      const template = await vite.transformIndexHtml(url.pathname, await readFile('index.html', 'utf8'))
      response.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' })
      response.end(template.replace('<!--app-head-->', () => page.head).replace('<!--app-html-->', () => page.body))
    } catch (error) {
      vite.ssrFixStacktrace(error as Error)
      console.error(error)
      response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
      response.end(String((error as Error).stack ?? error))
    }
  })
})

server.listen(port, host, () => console.log(`Development server with hot reload on http://${host}:${port}`))

const stop = () => {
  server.close()
  void Promise.all([vite.close(), consoleVite.close()]).then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
