// `npm run dev`: Vite with hot reload, rendering each page on the server the same way the build
// prerenders it, so what you see in development is what ships.
import { readFile } from 'node:fs/promises'
import { createServer as createHttpServer } from 'node:http'
import type { Manifest } from '@tanstack/react-router'
import { createServer as createViteServer } from 'vite'

const port = Number(process.env.PORT ?? 5173)
const host = process.env.HOST ?? '127.0.0.1'

// The page's scripts are index.html's own, so the router's manifest names none.
const devManifest: Manifest = { routes: {} }

const vite = await createViteServer({ server: { middlewareMode: true }, appType: 'custom' })

const server = createHttpServer((request, response) => {
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
  void vite.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
