// What every walk through the team's console starts with: the whole server over the suite's build (npm-start.ts
// servedSite) on a free port, with an in-process SMTP inbox and a database folder of its own for each run, so runs
// side by side never share one; and a team member on ADMIN_EMAILS signing in through the mailed link, as the
// console asks them to. Each walk adds the settings of its own (a rate, INVITE_URL, WEBHOOKS_ALLOW_PRIVATE…), and
// goes to the area it tests by its link (openArea), as a member finds it, and waits until the area has its data
// (areaSettled) before it reads or checks it.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@libsql/client'
import type { Page } from '@playwright/test'
import { linkIn, startInbox, type Inbox } from '../../tools/smtp-inbox'
import { expect } from './fixtures'
import { servedSite } from './npm-start'
import { host } from './ports'
import { freePort } from '../../tools/ports'

export type ConsoleServer = {
  origin: string
  inbox: Inbox
  /** The environment the server runs with, for the npm scripts a walk runs beside it (admin:link, export). */
  env: NodeJS.ProcessEnv
  /** A visitor's POST of `body`, as the site's script sends it (JSON as text/plain). */
  post(path: string, body: unknown): Promise<Response>
  /** The link to `path` (with its token) in the next email to `to`, within 10 s. */
  mailedLink(to: string, path: string): Promise<string>
  /** One statement on the server's SQLite file, its rows as plain objects: what the database holds, read raw. */
  sql(statement: string, args?: (string | number)[]): Promise<Record<string, unknown>[]>
  /** Stops the server and the inbox and removes the run's folder. */
  stop(): Promise<void>
}

/** Starts the server for `admin` with `settings` beside the defaults; resolves once it serves. A server that does not
 * come up is stopped, with the inbox and the folder, before the error is thrown. */
export async function startConsoleServer(name: string, admin: string, settings: NodeJS.ProcessEnv = {}): Promise<ConsoleServer> {
  const inbox = await startInbox()
  const work = await mkdtemp(join(tmpdir(), `${name}-`))
  const port = await freePort()
  const origin = `http://${host}:${port}`
  const env = { ...process.env, PORT: String(port), HOST: host, DATABASE_URL: `file:${join(work, 'waitlist.db')}`, ADMIN_EMAILS: admin, SMTP_URL: inbox.url, ...settings }
  const server = servedSite(env)
  const stop = async () => {
    await server.stop()
    await inbox.close()
    await rm(work, { recursive: true, force: true })
  }
  try {
    await server.serving(origin, 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  const post = (path: string, body: unknown) => fetch(`${origin}${path}`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify(body) })
  const mailedLink = async (to: string, path: string) => {
    const text = (await inbox.next(to, 10_000)).text ?? ''
    const found = new RegExp(`https?://\\S+${path.replaceAll('/', '\\/')}\\?token=[\\w-]{43}`).exec(text)
    if (!found) throw new Error(`no link to ${path} in the email to ${to}: ${text}`)
    return found[0]
  }
  const sql = async (statement: string, args: (string | number)[] = []) => {
    const client = createClient({ url: String(env.DATABASE_URL) })
    try {
      return (await client.execute({ sql: statement, args })).rows.map((row) => ({ ...row }))
    } finally {
      client.close()
    }
  }
  return { origin, inbox, env, post, mailedLink, sql, stop }
}

/** The team member asks for a sign-in link, opens the one that arrives within `mailWithinMs`, and is signed in. */
export async function signInThroughMailedLink(page: Page, { origin, inbox }: ConsoleServer, admin: string, mailWithinMs = 15_000) {
  await page.goto(`${origin}/admin/`)
  await page.getByLabel('Work email').fill(admin)
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(/a sign-in link is on its way/)
  await page.goto(linkIn(await inbox.next(admin, mailWithinMs)))
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page.getByText(`Signed in as ${admin}`)).toBeVisible()
}

/** Goes to an area of the console as a member does: its link in the sidebar, or through the Menu on a phone; resolves
 * once the area is the current one and its address is in the address bar. */
export async function openArea(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Console areas' })
  const menu = nav.getByRole('button', { name: 'Menu' })
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) === 'false') await menu.click()
  const link = nav.getByRole('link', { name, exact: true })
  const href = await link.getAttribute('href')
  await link.click()
  // On a phone the menu closes once an area is chosen: the link is there, hidden.
  await expect(nav.getByRole('link', { name, exact: true, includeHidden: true })).toHaveAttribute('aria-current', 'page')
  await expect(page).toHaveURL((url) => url.pathname === href)
}

/** Waits until the area has its data: nothing in it is busy or loading. */
export async function areaSettled(page: Page) {
  await expect(page.getByRole('main').locator('[aria-busy="true"]')).toHaveCount(0)
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
}

/** Checks that the document is no wider than the window, naming the elements that reach past its edge if it is (not
 * those inside a box that scrolls or clips them, such as a wide table's). It measures once the page has drawn a frame
 * at the window's width. In one clean-clone CI run (2026-12-07) the Overview, just resized to 320 px, measured 432 px:
 * the wide screen's layout to the pixel (the 12rem sidebar, its 2rem gap, a 12rem card and the padding), with
 * innerWidth already 320; the run before and every run here were within the window. Read as the page measured before
 * it had laid itself out at its new width. */
export async function expectNoWiderThanWindow(page: Page, where: string) {
  const { scrollWidth, innerWidth, past } = await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    // Its box, or what overflows it (a word longer than the line): a box stays in while its text runs out. A box that
    // scrolls or clips keeps what overflows it.
    const reaches = (element: Element) => {
      const { left, right } = element.getBoundingClientRect()
      const keeps = getComputedStyle(element).overflowX !== 'visible'
      return Math.max(right, keeps ? right : left + element.scrollWidth) > window.innerWidth
    }
    const clipped = (element: Element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) if (getComputedStyle(box).overflowX !== 'visible') return true
      return false
    }
    const culprits = new Set([...document.body.querySelectorAll('*')].filter((element) => reaches(element) && !clipped(element)))
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      // The innermost: an element none of whose children reaches past the edge itself.
      past: [...culprits]
        .filter((element) => ![...element.children].some((child) => culprits.has(child)))
        .slice(0, 5)
        .map((element) => `<${element.tagName.toLowerCase()}> ${Math.round(element.getBoundingClientRect().width)} px: ${(element.textContent ?? '').trim().slice(0, 60)}`),
    }
  })
  expect(scrollWidth, `${where}; past the edge: ${past.join(' | ') || 'nothing'}`).toBeLessThanOrEqual(innerWidth)
}
