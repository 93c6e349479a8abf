// Which Chromium the browser tests (and every script that needs a real browser) start, and how. In order:
// - CHROME_PATH, when set (a missing file there is an error, never a silent fallback);
// - a Chromium or Chrome installed on the machine: Debian's `chromium` (`/usr/bin/chromium`, what CI
//   installs), `chromium-browser`, `google-chrome` on PATH, or Chrome/Chromium in macOS's Applications;
// - the Chromium Playwright downloads with `npx playwright install chromium`, if it was;
// - else the headless Chromium that ships inside the npm package @sparticuz/chromium (Linux x64 only). Its
//   files are Brotli archives; they are unpacked once per package version into node_modules/.cache/.
import { execFileSync } from 'node:child_process'
import { accessSync, constants, createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { mkdtemp, rename, rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { delimiter, dirname, join, relative } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { createBrotliDecompress } from 'node:zlib'
import type { LaunchOptions } from '@playwright/test'

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

export type ChromiumSource = 'CHROME_PATH' | 'system' | 'playwright' | 'npm'

export type ChosenChromium = {
  source: ChromiumSource
  executablePath: string
  /** Variables the browser needs on top of the caller's environment (only the npm build has any). */
  env: Record<string, string>
  /** One line for the start of a test run's log. */
  description: string
}

/** What the choice looks at, so that a test can give it a machine of its own. */
export type ChromiumProbe = {
  env: Record<string, string | undefined>
  platform: NodeJS.Platform
  arch: string
  /** An executable regular file (Debian's chromium hidden by /dev/null is not one). */
  isExecutable: (path: string) => boolean
  /** Where Playwright's own download would be, or undefined. */
  playwrightPath: () => string | undefined
}

const systemNames = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome']
const macApplications = ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome', '/Applications/Chromium.app/Contents/MacOS/Chromium']

export const noChromiumMessage =
  'No Chromium for the browser tests: set CHROME_PATH to a Chrome or Chromium, or install one (`apt-get install -y chromium`, or `npx playwright install chromium`). The npm fallback, @sparticuz/chromium, runs on Linux x64 only.'

/** The first browser the order above finds; `npm` when only the package's build is left. */
export function chooseChromium(probe: ChromiumProbe): { source: ChromiumSource; executablePath?: string } {
  const explicit = probe.env.CHROME_PATH
  if (explicit) {
    if (!probe.isExecutable(explicit)) throw new Error(`CHROME_PATH is ${explicit}, which is not an executable file.`)
    return { source: 'CHROME_PATH', executablePath: explicit }
  }
  const onPath = (probe.env.PATH ?? '').split(delimiter).filter(Boolean)
  const system = [...systemNames.flatMap((name) => onPath.map((dir) => join(dir, name))), ...(probe.platform === 'darwin' ? macApplications : [])]
  const installed = system.find(probe.isExecutable)
  if (installed) return { source: 'system', executablePath: installed }
  const playwright = probe.playwrightPath()
  if (playwright && probe.isExecutable(playwright)) return { source: 'playwright', executablePath: playwright }
  if (probe.platform === 'linux' && probe.arch === 'x64') return { source: 'npm' }
  throw new Error(noChromiumMessage)
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return statSync(path).isFile()
  } catch {
    return false
  }
}

const projectRoot = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)

/** The folder of the installed @sparticuz/chromium package and its version. */
function npmChromiumPackage(): { dir: string; version: string } {
  let dir: string
  try {
    dir = dirname(require.resolve('@sparticuz/chromium'))
  } catch {
    throw new Error(`${noChromiumMessage} (@sparticuz/chromium is not installed: run npm install.)`)
  }
  while (!existsSync(join(dir, 'package.json')) || JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name !== '@sparticuz/chromium') dir = dirname(dir)
  return { dir, version: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version }
}

/**
 * Unpacks @sparticuz/chromium into node_modules/.cache/sparticuz-chromium-<version>/ (about 2 s, once) and
 * says how to start it. The package's own executablePath() unpacks to /tmp/chromium instead and takes any
 * file already there as done, whatever its version or however far an interrupted unpack got; here a
 * version's folder appears whole (unpacked beside it, then renamed) or not at all.
 */
export async function npmChromium(): Promise<Omit<ChosenChromium, 'source' | 'description'> & { version: string }> {
  const { dir, version } = npmChromiumPackage()
  const folder = join(projectRoot, 'node_modules', '.cache', `sparticuz-chromium-${version}`)
  if (!existsSync(folder)) {
    mkdirSync(dirname(folder), { recursive: true })
    const staging = await mkdtemp(`${folder}.partial-`)
    try {
      // tar-fs is the package's own dependency: load it from there.
      const { extract } = createRequire(join(dir, 'package.json'))('tar-fs') as { extract: (folder: string) => NodeJS.WritableStream }
      const unbrotli = (name: string) => [createReadStream(join(dir, 'bin', name)), createBrotliDecompress()] as const
      await Promise.all([
        pipeline(...unbrotli('chromium.br'), createWriteStream(join(staging, 'chromium'), { mode: 0o755 })),
        pipeline(...unbrotli('swiftshader.tar.br'), extract(staging)),
        pipeline(...unbrotli('fonts.tar.br'), extract(join(staging, 'fonts'))),
        pipeline(...unbrotli('al2023.tar.br'), extract(join(staging, 'al2023'))),
      ])
      // The package's fonts.conf names /tmp/fonts; this one adds its Open Sans to the machine's own fonts, if any.
      writeFileSync(
        join(staging, 'fonts.conf'),
        `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir prefix="relative">fonts/fonts</dir>\n  <cachedir prefix="relative">fonts-cache</cachedir>\n</fontconfig>\n`,
      )
      await rename(staging, folder)
    } catch (error) {
      await rm(staging, { recursive: true, force: true })
      // Another process (a second Playwright worker, a script) may have renamed its copy first: that is fine.
      if (!existsSync(folder)) throw error
    }
  }
  const executablePath = join(folder, 'chromium')
  const env: Record<string, string> = { FONTCONFIG_FILE: join(folder, 'fonts.conf') }
  // The build links NSS and expat dynamically. A machine without them gets the package's copies (built for
  // Amazon Linux 2023; glibc 2.34 or newer); a machine with them keeps its own.
  if (lacksLibraries(executablePath)) env.LD_LIBRARY_PATH = [join(folder, 'al2023', 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':')
  return { executablePath, env, version }
}

function lacksLibraries(executable: string): boolean {
  try {
    return /not found/.test(execFileSync('ldd', [executable], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }))
  } catch {
    return true
  }
}

function browserVersion(executablePath: string, env: Record<string, string>): string {
  try {
    return execFileSync(executablePath, ['--version'], { encoding: 'utf8', env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim()
  } catch {
    return 'version unknown'
  }
}

async function playwrightPath(): Promise<string | undefined> {
  try {
    const { chromium } = await import('@playwright/test')
    return chromium.executablePath()
  } catch {
    return undefined
  }
}

let chosen: Promise<ChosenChromium> | undefined

/** The browser for this process, found (and for the npm build unpacked) once. */
export function findChromium(): Promise<ChosenChromium> {
  chosen ??= (async () => {
    const playwright = await playwrightPath()
    const choice = chooseChromium({ env: process.env, platform: process.platform, arch: process.arch, isExecutable, playwrightPath: () => playwright })
    if (choice.source !== 'npm') {
      const executablePath = choice.executablePath!
      const from = { CHROME_PATH: 'CHROME_PATH', system: 'installed on this machine', playwright: "Playwright's download" }[choice.source]
      return { source: choice.source, executablePath, env: {}, description: `${browserVersion(executablePath, {})} at ${executablePath} (${from})` }
    }
    const npm = await npmChromium()
    const version = browserVersion(npm.executablePath, npm.env)
    return {
      source: 'npm',
      executablePath: npm.executablePath,
      env: npm.env,
      description: `${version} from the npm package @sparticuz/chromium ${npm.version}, in ${relative(projectRoot, dirname(npm.executablePath))} (no CHROME_PATH, none installed)`,
    }
  })()
  return chosen
}

/** Playwright's launch options for the chosen browser. */
export async function chromiumLaunchOptions(): Promise<LaunchOptions> {
  const { executablePath, env } = await findChromium()
  if (Object.keys(env).length === 0) return { executablePath, args: chromiumArgs }
  const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined))
  return { executablePath, args: chromiumArgs, env: { ...inherited, ...env } }
}
