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
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where the suites wait on
    // SQLite's fsyncs, PostgreSQL, SMTP and child processes far more than on the CPU (load average 1.6 through the
    // whole run). Four files at once took the suite from 645 s to 243 s there (2026-11-27), every test passing.
    maxWorkers: 4,
  },
})
