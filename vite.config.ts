import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Two builds from one config: the client bundle (`vite build`, with a manifest the prerenderer reads) and
// the server renderer (`vite build --ssr src/entry-server.tsx`), used only at build time to write dist/.
// SITE_OUT_DIR builds the site into another folder (the browser tests build two sites side by side);
// the renderer then goes to `<folder>-server`.
const outDir = process.env.SITE_OUT_DIR || 'dist'

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: `${outDir}-server`, emptyOutDir: true, copyPublicDir: false }
    : {
        outDir,
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  ssr: { noExternal: ['styled-components'] },
}))
