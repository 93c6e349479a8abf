// The console's route tree (issue 47), one file, as the site's (src/router.tsx): an area per address under /admin/,
// each its own chunk that loads when its page is opened. The root shows the sign-in screen until the member is
// signed in, then the shell (console-shell.tsx) with the area in its main region, and owns the not-found page.
// An area the role does not open shows, at its address, who can open it; its chunk is not loaded and nothing is
// asked of the server. The member's role is known only once signed in: the console then has the router load again.
import {
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  notFound,
  Outlet,
  type RouteComponent,
  type RouterHistory,
} from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { consoleBasepath } from '../../shared/console-pages'
import { areaAt, areas, opens, titleOf, type Area, type AreaPath } from './area-list'
import { ClosedArea, NoSuchArea } from './area-notices'
import { ConsoleShell } from './console-shell'
import { SignInScreen } from './sign-in-screen'
import { useSignIn } from './sign-in-context'

/** Whether the signed-in member's role opens an area (none before sign-in). */
type ConsoleContext = { opens: (area: Area) => boolean }

const rootRoute = createRootRouteWithContext<ConsoleContext>()({
  component: ConsoleRoot,
  notFoundComponent: NoSuchArea,
})

function ConsoleRoot() {
  const signIn = useSignIn()
  const signedIn = useSelector(signIn, (state) => state.matches('signedIn') || state.matches('signingOut'))
  useEffect(() => {
    if (!signedIn) document.title = titleOf('Sign in')
  }, [signedIn])
  if (!signedIn) return <SignInScreen signIn={signIn} />
  return (
    <ConsoleShell signIn={signIn}>
      <Outlet />
    </ConsoleShell>
  )
}

type LazyPage = ReturnType<typeof lazyRouteComponent>

/** The area's page when the member's role opens it, else the words that say who can. */
function gated(path: AreaPath, Page: LazyPage): RouteComponent {
  const area = areaAt(path)
  return function Gate() {
    const signIn = useSignIn()
    const { permissions, role } = useSelector(signIn, (state) => state.context)
    if (!opens(area, permissions)) return <ClosedArea area={area} role={role} />
    // The route's loader has its chunk in, except just after sign-in, when the area may be shown before the router
    // has loaded again: it waits for its chunk here (Suspense), as lazyRouteComponent does without React's use().
    // Not on the server (the Overview's first view, first-view-server.tsx): there the router loaded the chunk before
    // the drawing, and lazyRouteComponent keeps its preload, so throwing it would suspend the drawing for ever.
    if (Page.preload && typeof window !== 'undefined') throw Page.preload()
    return <Page />
  }
}

/** The router loads an open area's chunk before it shows the area, as the site's pages; a closed one's never. */
const loadIfOpen = (path: AreaPath, Page: LazyPage, context: ConsoleContext) => (context.opens(areaAt(path)) ? Page.preload?.() : undefined)

const areaRoute = (path: AreaPath, Page: LazyPage) =>
  createRoute({ getParentRoute: () => rootRoute, path, loader: ({ context }) => loadIfOpen(path, Page, context), component: gated(path, Page), wrapInSuspense: true })

/** Each area's chunk, loaded when its route is (and, for an area every role opens, as the script starts:
 * early-calls.ts). */
const pages: Record<AreaPath, LazyPage> = {
  '/': lazyRouteComponent(() => import('./areas/overview-area'), 'OverviewArea'),
  '/people': lazyRouteComponent(() => import('./areas/people-area'), 'PeopleArea'),
  '/sources': lazyRouteComponent(() => import('./areas/sources-area'), 'SourcesArea'),
  '/referrals': lazyRouteComponent(() => import('./areas/referrals-area'), 'ReferralsArea'),
  '/invitations': lazyRouteComponent(() => import('./areas/invitations-area'), 'InvitationsArea'),
  '/questions': lazyRouteComponent(() => import('./areas/questions-area'), 'QuestionsArea'),
  '/updates': lazyRouteComponent(() => import('./areas/updates-area'), 'UpdatesArea'),
  '/integrations': lazyRouteComponent(() => import('./areas/integrations-area'), 'IntegrationsArea'),
  '/team': lazyRouteComponent(() => import('./areas/team-area'), 'TeamArea'),
  '/audit': lazyRouteComponent(() => import('./areas/audit-area'), 'AuditArea'),
}
const routes = areas.map((area) => areaRoute(area.path, pages[area.path]))

/** Starts loading an area's chunk. */
export const preloadArea = (path: AreaPath) => void pages[path].preload?.()
const PersonArea = lazyRouteComponent(() => import('./areas/person-area'), 'PersonArea')
const personRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/people/$personId',
  loader: ({ params, context }) => {
    if (!/^[1-9]\d*$/.test(params.personId)) throw notFound()
    return loadIfOpen('/people', PersonArea, context)
  },
  component: gated('/people', PersonArea),
  wrapInSuspense: true,
})
// The suppression list, reached from People and opened by what opens People (its addresses need people:read).
const SuppressionsArea = lazyRouteComponent(() => import('./areas/suppressions-area'), 'SuppressionsArea')
const suppressionsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/people/suppressed',
  loader: ({ context }) => loadIfOpen('/people', SuppressionsArea, context),
  component: gated('/people', SuppressionsArea),
  wrapInSuspense: true,
})
// Where a sign-in link lands (/admin/sign-in#token=…): the root shows the sign-in screen there; once signed in (a
// session already open in this browser), the Overview.
const signInRoute = createRoute({ getParentRoute: () => rootRoute, path: '/sign-in', component: () => <Navigate to="/" replace /> })

const routeTree = rootRoute.addChildren([...routes, suppressionsRoute, personRoute, signInRoute])

export function createConsoleRouter(context: ConsoleContext, history: RouterHistory = createBrowserHistory()) {
  return createRouter({
    routeTree,
    basepath: consoleBasepath,
    history,
    context,
    defaultPendingComponent: () => <p role="status">Loading…</p>,
  })
}
export type ConsoleRouter = ReturnType<typeof createConsoleRouter>
