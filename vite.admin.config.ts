import { basename, dirname, resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { compileInline } from './scripts/inline-scripts'
import { consolePageCharset, firstViewModule } from './shared/console-pages'

// The team's console, built on its own after the public site (`npm run build`): its pages and scripts land in
// <site>/admin/, and nothing of it enters the public build, so no public page can request it and the public
// pages' JavaScript stays byte for byte what it was. The pages are shells with no data (and noindex).
const outDir = process.env.SITE_OUT_DIR || 'dist'

// `--ssr` builds the Overview's first view for the server to draw (src/admin/first-view-server.tsx) into
// <site>/admin/.server/, a folder no host serves (a segment starting with a dot: server/platform/http/static.ts); the
// server loads it from there (server/features/console/first-view-page.ts). Everything it imports is bundled into it,
// React's production build among them: it runs wherever the site is, with or without node_modules beside it (the
// benchmark's site is in a temporary folder), and Node's import of styled-components' CommonJS build, which gives no
// `styled.div`, never happens.

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        plugins: [react()],
        publicDir: false,
        ssr: { noExternal: true },
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: {
          outDir: resolve(outDir, dirname(firstViewModule)),
          emptyOutDir: true,
          rollupOptions: { input: { [basename(firstViewModule, '.js')]: resolve('src/admin/first-view-server.tsx') } },
        },
      }
    : {
        root: resolve('src/admin'),
        base: '/admin/',
        plugins: [react(), earlyScriptInline()],
        publicDir: false,
        build: {
          outDir: resolve(outDir, 'admin'),
          emptyOutDir: true,
          rollupOptions: {
            input: { console: resolve('src/admin/index.html'), signIn: resolve('src/admin/sign-in/index.html') },
          },
        },
      },
)

/** The console's page carries its early script (src/admin/console-early.ts) inline, bundled on its own into one
 * function call that imports nothing (scripts/inline-scripts.ts), so its calls leave as the page is parsed: as a file
 * of its own, with its imports, it ran some 60 ms after the page arrived, waiting on the browser's cache for three
 * files (a trace of a warm load, 2026-12-07). It shares what it asked with the main script through the window
 * (early-calls.ts). The server allows it by its hash, taken from the page as it serves it (static.ts). */
function earlyScriptInline(): Plugin {
  return {
    name: 'console-early-script-inline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, { filename }) {
        if (filename !== resolve('src/admin/index.html')) return html
        const early = await compileInline('src/admin/console-early.ts')
        if (/<\/script/i.test(early)) throw new Error('The console\'s early script names </script>: it cannot be written inline.')
        const charset = consolePageCharset
        if (!html.includes(charset)) throw new Error(`The console's page has no ${charset}.`)
        return html.replace(charset, `${charset}\n    <script>${early}</script>`)
      },
    },
  }
}
