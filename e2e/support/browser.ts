// How the browser tests (and any other script that needs a real browser) start Chromium on this machine:
// Debian's Chromium, not Playwright's own download. CHROME_PATH points elsewhere when needed.
import type { LaunchOptions } from '@playwright/test'

export const chromiumExecutablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: chromiumExecutablePath,
  args: chromiumArgs,
}
