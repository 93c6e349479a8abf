// The suite's `test`: every test fails if its page logs a console error or throws an uncaught exception,
// so no route, state or interaction the suite touches can hide one. Expected errors (a 404 page's own
// status, the stub endpoint's deliberate failures) are allowed by pattern.
import { test as base, expect } from '@playwright/test'
import { stubOrigin } from './ports'

export interface ConsoleErrorOptions {
  /** Patterns of console errors a spec expects (matched against "text (url)"). */
  allowedConsoleErrors: RegExp[]
}

// Chromium logs the status of a document that answers 404; that is the 404 page working. A missing
// script, style or image (a path with a file extension) is still an error.
const notFoundDocument = /^console\.error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(https?:\/\/[^/]+(\/[^.]*)?\)$/

/** The stub endpoint's deliberate HTTP errors and dropped connections, logged by Chromium as failed loads. */
export const stubFailures = new RegExp(`^console\\.error: Failed to load resource: .* \\(${stubOrigin.replace(/\./g, '\\.')}/`)

export const test = base.extend<ConsoleErrorOptions & { pageErrors: string[] }>({
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console.error: ${message.text()} (${message.location().url})`)
      })
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`))
      await use(errors)
      const allowed = [notFoundDocument, ...allowedConsoleErrors]
      expect(errors.filter((error) => !allowed.some((pattern) => pattern.test(error))), 'console errors or uncaught exceptions').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
