import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The team's console, built on its own after the public site (`npm run build`): its pages and scripts land in
// <site>/admin/, and nothing of it enters the public build, so no public page can request it and the public
// pages' JavaScript stays byte for byte what it was. The pages are shells with no data (and noindex).
const outDir = process.env.SITE_OUT_DIR || 'dist'

export default defineConfig({
  root: resolve('src/admin'),
  base: '/admin/',
  plugins: [react()],
  publicDir: false,
  build: {
    outDir: resolve(outDir, 'admin'),
    emptyOutDir: true,
    rollupOptions: { input: { console: resolve('src/admin/index.html'), signIn: resolve('src/admin/sign-in/index.html') } },
  },
})
