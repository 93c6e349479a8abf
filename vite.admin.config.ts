import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// The team's console, built on its own after the public site (`npm run build`): its pages and scripts land in
// <site>/admin/, and nothing of it enters the public build, so no public page can request it and the public
// pages' JavaScript stays byte for byte what it was. The pages are shells with no data (and noindex).
const outDir = process.env.SITE_OUT_DIR || 'dist'

export default defineConfig({
  root: resolve('src/admin'),
  base: '/admin/',
  plugins: [react(), earlyScriptFirst()],
  publicDir: false,
  build: {
    outDir: resolve(outDir, 'admin'),
    emptyOutDir: true,
    rollupOptions: {
      input: { console: resolve('src/admin/index.html'), signIn: resolve('src/admin/sign-in/index.html'), early: resolve('src/admin/console-early.ts') },
    },
  },
})

/** The console's page starts with its early script (src/admin/console-early.ts), async, so it runs the moment it
 * arrives, and with the modules it imports preloaded, so they come in the same round trip. */
function earlyScriptFirst(): Plugin {
  return {
    name: 'console-early-script-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename, bundle }) {
        if (filename !== resolve('src/admin/index.html') || !bundle) return html
        const early = Object.values(bundle).find((chunk) => chunk.type === 'chunk' && chunk.isEntry && chunk.name === 'early')
        if (early?.type !== 'chunk') throw new Error('The console build has no early script (src/admin/console-early.ts).')
        // Written as the page's other tags are (void elements closed, a boolean attribute as ="", crossorigin bare: .htmlvalidate.mjs).
        const tags = [
          `<script type="module" async="" crossorigin src="/admin/${early.fileName}"></script>`,
          ...early.imports.map((file) => `<link rel="modulepreload" crossorigin href="/admin/${file}" />`),
        ]
        return html.replace('<head>', `<head>\n    ${tags.join('\n    ')}`)
      },
    },
  }
}
