// The console's page at /admin/ with its Overview drawn in it (issue 47), for a request whose session cookie names a
// member who may read the figures: the shell and the totals are in the HTML, on the screen as the page arrives, where
// a first visit otherwise waited for some 400 kB of scripts to come and run before anything showed. The drawing is
// the console's own components, built for the server (src/admin/first-view-server.tsx, into the site's
// admin/.server/), given exactly what the console's API answers this member (the session and the summary), and the
// page carries that too, as data, for the console's script to start from and draw the same picture over it.
// Anything else (no session, another role's page, no build of the drawing, a fault in it) falls through to the site,
// which serves the page as it was built, and the console asks for everything itself as before.
import { readFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Hono, type Context } from 'hono'
import { compress } from 'hono/compress'
import type { ConsoleSummary, SessionReply } from '../../../shared/console-api'
import { consoleAddress, consoleBasepath, consolePageCharset, consolePageFile, firstViewDataId, firstViewModule, firstViewStyleMark } from '../../../shared/console-pages'
import type { DrawnFirstView, FirstView } from '../../../shared/console-pages'
import { consoleRoutes } from '../../../shared/console-routes'
import { can } from '../../../shared/team'
import { sessionOf, type SessionOptions } from '../../platform/console/guard'
import type { Logger } from '../../platform/observability/logger'
import { inlineScriptHashes, securityHeaders } from '../../platform/http/security-headers'
import { sessionReply } from './admin-api'

/** The drawing of the Overview's first view: the root's markup and its styles' CSS. */
export type DrawOverview = (given: FirstView) => Promise<DrawnFirstView>

export type FirstViewPageOptions = SessionOptions & {
  /** The prerendered site's folder (STATIC_DIR), with the console's page and the drawing's build. */
  staticDir: string
  /** GET /summary's answer at a time (admin-api.ts `summaryReply`). */
  summary: (at: Date) => Promise<ConsoleSummary>
  /** The drawing; by default the build's in the site's folder (loadOverviewDrawing: imported before `npm start` serves). */
  draw?: DrawOverview
  log: Logger
}

/** The drawing's controls, disabled: until the console's script has drawn over them a press would do nothing, so
 * they say so (links are plain links, and work). React writes every `<` of a text as `&lt;`, so each of these is a
 * tag. */
const stillUntilTakenOver = (markup: string) => markup.replace(/<(button|input|select|textarea)\b/g, '<$1 disabled=""')

/** The console's page with `drawn` in its root, its styles in the head, and what it was drawn from as a data block
 * before the page's first script, so that the early script (console-early.ts) finds it and does not ask again. */
export function pageWithFirstView(page: string, given: FirstView, drawn: DrawnFirstView): string {
  const charset = consolePageCharset
  const root = '<div id="root">'
  const rootAt = page.indexOf(root)
  const rootEnd = page.indexOf('</div>', rootAt)
  if (!page.includes(charset) || rootAt < 0 || rootEnd < 0) throw new Error('the console’s page has no charset or no root to draw into')
  if (/<\/style/i.test(drawn.styles)) throw new Error('the first view’s styles name </style>')
  // JSON in a script element: `<` escaped, so no text in it (an address, a source's name) can close the element.
  const data = JSON.stringify(given).replace(/</g, '\\u003c')
  const head = `${charset}<script type="application/json" id="${firstViewDataId}">${data}</script>`
  const drawnPage = `${page.slice(0, rootAt + root.length)}${stillUntilTakenOver(drawn.root)}${page.slice(rootEnd)}`
  return drawnPage.replace(charset, () => head).replace('</head>', () => `<style ${firstViewStyleMark}>${drawn.styles}</style></head>`)
}

const drawings = new Map<string, Promise<DrawOverview | undefined>>()

/** The drawing built for the server in the site's folder, imported once a process; undefined when the site has none (a
 * build without it, the tests') or it cannot be loaded (logged). `npm start` loads it before it serves (main.ts): its
 * import and first drawing held the event loop 184 ms when the first member's Overview asked for it (20,000 signups,
 * 2026-12-07), and every request waited. */
export function loadOverviewDrawing(staticDir: string, log: Logger): Promise<DrawOverview | undefined> {
  const file = join(staticDir, firstViewModule)
  const loading =
    drawings.get(file) ??
    (existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { drawOverview: DrawOverview }) => module.drawOverview,
          (error: unknown) => {
            log.error({ err: error }, `console: cannot load the Overview's drawing (${firstViewModule}); the console's page is served as built`)
            return undefined
          },
        )
      : Promise.resolve(undefined))
  drawings.set(file, loading)
  return loading
}

// What GET /summary needs (shared/console-routes.ts), which every role has today.
const figuresPermission = 'figures:read' satisfies typeof consoleRoutes.summary.permission

export function firstViewPage(options: FirstViewPageOptions): Hono {
  const drawing = options.draw ? async () => options.draw : () => loadOverviewDrawing(options.staticDir, options.log)
  const pageFile = join(options.staticDir, consolePageFile)
  const drawn = async (c: Context): Promise<Response | undefined> => {
    const member = await sessionOf(c, options)
    if (!member || !can(member.role, figuresPermission)) return undefined
    const draw = await drawing()
    if (!draw) return undefined
    const [page, summary] = await Promise.all([readFile(pageFile, 'utf8'), options.summary(options.now())])
    const session: SessionReply = sessionReply(member.email, member.role)
    const given = { session, summary }
    const html = pageWithFirstView(page, given, await draw(given))
    return new Response(html, {
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        // The member's own figures and address: kept by no cache, shared or not.
        'Cache-Control': 'no-store',
        ...securityHeaders({ scriptHashes: inlineScriptHashes(html) }),
      },
    })
  }
  const serve = async (c: Context, next: () => Promise<void>) => {
    const response = await drawn(c).catch((error: unknown) => {
      options.log.error({ err: error }, 'console: the Overview could not be drawn on the server; its page is served as built')
      return undefined
    })
    if (response) return response
    await next()
  }
  // The Overview's addresses, as the site serves its page at each (static.ts): /admin, /admin/ and the file's own. The
  // drawn page is compressed as it is sent (gzip: the 90 days' chart makes it tens of kilobytes); the site's own
  // answer, when it falls through, comes compressed already and is left as it is.
  const app = new Hono()
  for (const address of [consoleBasepath, consoleAddress('/'), consoleAddress('/index.html')]) app.get(address, compress(), serve)
  return app
}
