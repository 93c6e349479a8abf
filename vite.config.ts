import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { machinesWithoutDescriptions } from './scripts/machines-without-descriptions'
import { stacklessReactSentinels } from './scripts/stackless-react-sentinels'

// Two builds from one config: the client bundle (`vite build`, with a manifest the prerenderer reads) and
// the server renderer (`vite build --ssr src/entry-server.tsx`), used only at build time to write dist/.
// SITE_OUT_DIR builds the site into another folder (the browser tests build two sites side by side);
// the renderer then goes to `<folder>-server`.
const outDir = process.env.SITE_OUT_DIR || 'dist'

// The app starts in steps, each a module graph evaluated in a task of its own (src/boot/entry-client.tsx):
// React and its DOM renderer first, then the libraries and the app. Each step's libraries are grouped in one
// chunk: fewer files compress better and cost fewer requests. The animation engine stays in its own chunk,
// requested only when a visitor shows the intent to change pages; the pages stay in theirs.
const startupChunks = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'libraries', test: /[\\/]node_modules[\\/](?!(react|react-dom|scheduler|framer-motion|motion-dom|motion-utils)[\\/])/ },
  // The endpoint's sentences, in a chunk of their own (without the brand and rules they are built from, which
  // every page has already): only the pages that show its replies request them, never a page with a form alone.
  { name: 'messages', test: /[\\/]shared[\\/](messages|form-outcomes)\.ts$/, includeDependenciesRecursively: false },
]

// @xstate/react imports use-sync-external-store's shim, which carries a copy of the hook for React 16 and 17.
// React 19 has it built in: the browser's bundle takes the hook from React itself, and the selector from the
// same package's entry for React 18 and later, which uses React's (0.17 KB gzip less on every first load).
const reactBuiltInStore = [
  { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
  { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'react' },
]

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), stacklessReactSentinels(), machinesWithoutDescriptions()],
  resolve: { alias: isSsrBuild ? [] : reactBuiltInStore },
  build: isSsrBuild
    ? { outDir: `${outDir}-server`, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir,
        emptyOutDir: true,
        manifest: true,
        // No modulepreload polyfill in the entry: the inline loader requests every module a page starts with
        // (src/boot/app-loader.ts), and Vite's preloads of later imports fall back to rel=preload by themselves.
        modulePreload: { polyfill: false },
        rollupOptions: {
          // index.html names the app's entry (src/boot/entry-client.tsx); it is also the template of every
          // page, filled by the dev server and the prerender.
          input: 'index.html',
          output: { codeSplitting: { groups: startupChunks } },
        },
      },
  ssr: { noExternal: ['styled-components'] },
}))
