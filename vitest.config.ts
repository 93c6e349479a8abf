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
    // A hang is a failure at any bound; the bound is for a loaded machine. CI's 2 cores, running four files at
    // once, took a server process 10.6 s to refuse a bad start and 20 s to get through a kill -9 and a restart
    // (2026-12-03), so 20 s failed tests that were right. A test that needs longer says so.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where the suites wait on
    // SQLite's fsyncs, PostgreSQL, SMTP and child processes far more than on the CPU (load average 1.6 through the
    // whole run). Four files at once took the suite from 645 s to 243 s there (2026-11-27), every test passing.
    maxWorkers: 4,
  },
})
