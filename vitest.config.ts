import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

// Unit, machine, model-based and HTTP tests. Browser tests live in e2e/ and run under Playwright.
export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['test/utils/setup.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
  },
})
