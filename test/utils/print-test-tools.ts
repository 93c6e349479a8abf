// `npm test` runs this first: one line each for the PostgreSQL and the Chromium this run's tests use, and
// where they come from, so that a CI log says which binaries ran. With either missing it stops the run here,
// with the line that says what to install, before the slower suites start.
import { findChromium } from '../../tools/chromium'
import { findPostgres } from '../../tools/postgres'

try {
  console.log(`PostgreSQL for the tests: ${findPostgres().description}`)
  console.log(`Chromium for the browser tests: ${(await findChromium()).description}`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exitCode = 1
}
