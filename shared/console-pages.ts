// The console's pages as every host serves them (issue 47): each area has an address under /admin/ (/admin/people,
// /admin/people/12), and the console's one page answers all of them; its router then shows the area. The sign-in
// page and the built files (/admin/assets/…, anything with a dot in its last segment) are not areas: a host serves
// them as files, and a missing file stays a 404.

/** Where the console lives: its router's basepath (src/admin/console-router.tsx), under which each area's path
 * (src/admin/area-list.ts) is an address. */
export const consoleBasepath = '/admin'

/** The address of a path of the console's router: `/` → `/admin/`, `/people/12` → `/admin/people/12`. */
export const consoleAddress = (path: string) => `${consoleBasepath}${path}`

/** The console's page, under the site's root, which answers every area's address. */
export const consolePageFile = 'admin/index.html'

/** Whether a path is an address of a console area (answered with the console's page), not a file or the sign-in. */
export const isConsoleAreaPath = (pathname: string) => /^\/admin\/(?!assets\/|sign-in(?:\/|$))[^.]*$/.test(pathname)
