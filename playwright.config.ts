import { defineConfig } from '@playwright/test'
import { siteUrl } from './e2e/support/ports'
import { chromiumLaunchOptions, findChromium } from './tools/chromium'
import { preferMemoryForTemporaryFiles } from './tools/test-temp'

// The browser suite: the built, prerendered site in Chromium (CHROME_PATH, else an installed one, else the
// npm package's build: tools/chromium.ts), served by the suite's own static hosts with a real local
// waitlist endpoint (e2e/support/global-setup.ts starts them, teardown stops them).
// The runner names its browser in one line; `npm test` named it at its start already, and workers stay quiet.
if (process.env.TEST_WORKER_INDEX === undefined && process.env.npm_lifecycle_event !== 'test') {
  console.log(`Chromium for the browser tests: ${(await findChromium()).description}`)
}

preferMemoryForTemporaryFiles()

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  // A visitor's tap made before the app is in control takes effect once it is: on a CI machine whose 2 cores
  // also run the endpoint, PostgreSQL and a second worker, that can take longer than 5 s.
  expect: { timeout: 10_000 },
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  outputDir: 'test-results',
  use: {
    baseURL: siteUrl,
    launchOptions: await chromiumLaunchOptions(),
    viewport: { width: 1280, height: 800 },
    trace: 'off',
    screenshot: 'off',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
