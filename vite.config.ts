import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Two builds from one config: the client bundle (`vite build`, with a manifest the prerenderer reads) and
// the server renderer (`vite build --ssr src/entry-server.tsx`), used only at build time to write dist/.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  build: isSsrBuild
    ? { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        manifest: true,
        rollupOptions: { input: 'src/entry-client.tsx' },
      },
  ssr: { noExternal: ['styled-components'] },
}))
