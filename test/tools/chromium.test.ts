// @vitest-environment node
// Which Chromium the browser tests start (tools/chromium.ts): CHROME_PATH, then one installed on the
// machine, then Playwright's download, then the build in the npm package @sparticuz/chromium. CI has Debian's
// Chromium, so the browser suite there never reaches the npm build; the last test starts it anyway, so that
// the fallback a bare machine relies on is exercised on every run.
import { chromium } from '@playwright/test'
import { describe, expect, it } from 'vitest'
import { chooseChromium, chromiumArgs, noChromiumMessage, npmChromium, type ChromiumProbe } from '../../tools/chromium'

const executables = (...paths: string[]) => (path: string) => paths.includes(path)

function machine(overrides: Partial<ChromiumProbe>): ChromiumProbe {
  return { env: { PATH: '/usr/local/bin:/usr/bin' }, platform: 'linux', arch: 'x64', isExecutable: () => false, playwrightPath: () => undefined, ...overrides }
}

describe('choosing Chromium', () => {
  it('takes CHROME_PATH first, over an installed one', () => {
    const probe = machine({ env: { CHROME_PATH: '/opt/chrome/chrome', PATH: '/usr/bin' }, isExecutable: executables('/opt/chrome/chrome', '/usr/bin/chromium') })
    expect(chooseChromium(probe)).toEqual({ source: 'CHROME_PATH', executablePath: '/opt/chrome/chrome' })
  })

  it('refuses a CHROME_PATH that is not an executable file instead of quietly using another browser', () => {
    const probe = machine({ env: { CHROME_PATH: '/opt/nothing', PATH: '/usr/bin' }, isExecutable: executables('/usr/bin/chromium') })
    expect(() => chooseChromium(probe)).toThrow('CHROME_PATH is /opt/nothing, which is not an executable file.')
  })

  it('takes an installed one next: Chromium before Chrome, in PATH order', () => {
    expect(chooseChromium(machine({ isExecutable: executables('/usr/bin/chromium', '/usr/local/bin/google-chrome') }))).toEqual({ source: 'system', executablePath: '/usr/bin/chromium' })
    expect(chooseChromium(machine({ isExecutable: executables('/usr/bin/google-chrome-stable') }))).toEqual({ source: 'system', executablePath: '/usr/bin/google-chrome-stable' })
    const mac = machine({ platform: 'darwin', arch: 'arm64', isExecutable: executables('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome') })
    expect(chooseChromium(mac)).toEqual({ source: 'system', executablePath: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome' })
  })

  it('takes Playwright’s download when it was made, then the npm build on Linux x64', () => {
    const downloaded = '/root/.cache/ms-playwright/chromium-1200/chrome-linux/chrome'
    expect(chooseChromium(machine({ playwrightPath: () => downloaded, isExecutable: executables(downloaded) }))).toEqual({ source: 'playwright', executablePath: downloaded })
    expect(chooseChromium(machine({ playwrightPath: () => downloaded }))).toEqual({ source: 'npm' })
  })

  it('says what to install where the npm build does not run', () => {
    expect(() => chooseChromium(machine({ platform: 'darwin', arch: 'arm64' }))).toThrow(noChromiumMessage)
    expect(() => chooseChromium(machine({ arch: 'arm64' }))).toThrow(noChromiumMessage)
  })
})

describe.runIf(process.platform === 'linux' && process.arch === 'x64')('the npm build (@sparticuz/chromium)', () => {
  it('unpacks once and renders a page, text included, under Playwright', async () => {
    const { executablePath, env } = await npmChromium()
    expect((await npmChromium()).executablePath).toBe(executablePath)
    const browser = await chromium.launch({ executablePath, args: chromiumArgs, env: { ...(process.env as Record<string, string>), ...env } })
    try {
      const page = await browser.newPage()
      await page.setContent('<p><span id="words" style="font: 20px sans-serif">Stride Health</span></p>')
      expect(await page.evaluate(() => navigator.userAgent)).toMatch(/HeadlessChrome\/\d+/)
      // A machine without fonts still gets the package's own: the words take up room.
      expect(await page.locator('#words').evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan(50)
    } finally {
      await browser.close()
    }
  }, 60_000)
})
