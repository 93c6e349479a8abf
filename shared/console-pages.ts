// The console's pages as every host serves them (issue 47): each area has an address under /admin/ (/admin/people,
// /admin/people/12), and the console's one page answers all of them; its router then shows the area. The sign-in
// page and the built files (/admin/assets/…, anything with a dot in its last segment) are not areas: a host serves
// them as files, and a missing file stays a 404.
import type { ConsoleSummary, SessionReply } from './console-api'

/** Where the console lives: its router's basepath (src/admin/console-router.tsx), under which each area's path
 * (src/admin/area-list.ts) is an address. */
export const consoleBasepath = '/admin'

/** The address of a path of the console's router: `/` → `/admin/`, `/people/12` → `/admin/people/12`. */
export const consoleAddress = (path: string) => `${consoleBasepath}${path}`

/** The console's page, under the site's root, which answers every area's address. */
export const consolePageFile = 'admin/index.html'

/** Whether a path is an address of a console area (answered with the console's page), not a file or the sign-in. */
export const isConsoleAreaPath = (pathname: string) => /^\/admin\/(?!assets\/|sign-in(?:\/|$))[^.]*$/.test(pathname)

/** What the Overview's first view is drawn from on the server (src/admin/first-view-server.tsx): the member's session
 * and the figures, each what the console's API answers this member (GET /api/admin/session and /summary). */
export type FirstView = { session: SessionReply; summary: ConsoleSummary }

/** The Overview's first view as the server draws it: the markup of the page's root, and the styles it uses (CSS text). */
export type DrawnFirstView = { root: string; styles: string }

/** The console page's charset, as its source writes it: the first thing in its head, after which the build puts the
 * early script (vite.admin.config.ts) and the server the data a drawn page carries (first-view-page.ts). It must come
 * in the page's first 1,024 bytes (HTML, "specifying the document's character encoding"). */
export const consolePageCharset = '<meta charset="UTF-8" />'

/** The id of the data block (`<script type="application/json">`) in which the console's page carries the `FirstView`
 * its first view was drawn from, for the console's script to start from. */
export const firstViewDataId = 'console-first-view'

/** The attribute of the `<style>` that carries the first view's styles drawn on the server, which the console's script
 * removes once React has drawn over that view with styles of its own. */
export const firstViewStyleMark = 'data-first-view'

/** The Overview's first view for the server to draw, built on its own (vite.admin.config.ts), under the site's root:
 * in a folder no host serves. */
export const firstViewModule = 'admin/.server/first-view.js'
