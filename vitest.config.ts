import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { ProjectsInterleaved } from './test/utils/projects-interleaved.ts'
import { suitesOnBothEngines } from './test/utils/store-suite.ts'
import { filesSharingWorkers } from './test/utils/isolation.ts'
import { preferMemoryForTemporaryFiles } from './tools/test-temp.ts'

// Unit, machine, model-based and HTTP tests. Browser tests live in e2e/ and run under Playwright.
//
// Two projects in one run, sharing the workers: `main` runs every file (the store suites on SQLite, or on each
// engine where a file picks them itself), and `postgres` runs again, with WAITLIST_TEST_ENGINE=postgres, every
// file that says `runsOnBothEngines()` at its top. The file says it, not a list here (test/utils/store-suite.ts);
// a file that reaches a database and says nothing fails. One PostgreSQL cluster serves the whole run.
const root = fileURLToPath(new URL('.', import.meta.url))
preferMemoryForTemporaryFiles()
const onBothEngines = suitesOnBothEngines(root)
// Each of the two is split once more: the files in Node's environment that change nothing of the worker for the
// files after them run in shared workers, importing the server's modules once a worker rather than once a file
// (test/utils/isolation.ts says which, from each file's text); the rest get a fresh worker each, as before.
const sharing = filesSharingWorkers(root)
const inSharedWorkers = { isolate: false, provide: { sharesWorker: true } }

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['test/utils/setup.ts'],
    globalSetup: ['test/utils/postgres-for-run.ts', 'test/utils/server-for-run.ts'],
    provide: { suitesOnBothEngines: onBothEngines },
    // A hang is a failure at any bound; the bound is for a loaded machine. CI's 2 cores, running four files at
    // once, took a server process 10.6 s to refuse a bad start and 20 s to get through a kill -9 and a restart
    // (2026-12-03), so 20 s failed tests that were right. A test that needs longer says so.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: one on the 2-core CI machine, where the suites wait on
    // SQLite's fsyncs, PostgreSQL, SMTP and child processes far more than on the CPU (load average 1.6 through the
    // whole run). Four files at once took the suite from 645 s to 243 s there (2026-11-27), every test passing.
    maxWorkers: 4,
    sequence: { sequencer: ProjectsInterleaved },
    projects: [
      { extends: true, test: { name: 'main', include: ['test/**/*.test.{ts,tsx}'], exclude: sharing } },
      { extends: true, test: { name: 'main-shared', include: sharing, ...inSharedWorkers } },
      { extends: true, test: { name: 'postgres', include: onBothEngines, exclude: sharing, env: { WAITLIST_TEST_ENGINE: 'postgres' } } },
      {
        extends: true,
        test: { name: 'postgres-shared', include: onBothEngines.filter((file) => sharing.includes(file)), ...inSharedWorkers, env: { WAITLIST_TEST_ENGINE: 'postgres' } },
      },
    ],
  },
})
