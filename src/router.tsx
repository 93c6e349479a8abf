import { createRootRoute, createRoute, createRouter, lazyRouteComponent, notFound, type RouteComponent } from '@tanstack/react-router'
import { isFormOutcome } from '../shared/outcome-codes'
import { consentPageHead, outcomeHead, pageHead, tokenPageHead, type PagePath } from './head'
import { consentPages, tokenPageActions } from '../shared/consent-paths'
import { holdForPageFade } from './layout/page-fade-loader'
import { DocumentBody } from './layout/root-document'
import { NotFoundPage } from './pages/not-found-page'

// Each page is its own chunk, so a visitor downloads the copy of the page they open and not the others
// (the legal texts alone are a tenth of the site's JavaScript). The router loads a page's chunk before it
// renders the page, also when it hydrates a prerendered one. The prerenderer reads `pageSources` to
// request the page's chunk together with the app's.
export const pageSources = {
  '/': 'src/pages/home-page.tsx',
  '/form': 'src/pages/form-page.tsx',
  '/knee': 'src/pages/knee-page.tsx',
  '/gym-hero': 'src/pages/gym-hero-page.tsx',
  '/about': 'src/pages/about-page.tsx',
  '/blog': 'src/pages/blog-page.tsx',
  '/legal': 'src/pages/legal-page.tsx',
} as const satisfies Record<PagePath, string>

const HomePage = lazyRouteComponent(() => import('./pages/home-page'), 'HomePage')
const FormPage = lazyRouteComponent(() => import('./pages/form-page'), 'FormPage')
const KneePage = lazyRouteComponent(() => import('./pages/knee-page'), 'KneePage')
const GymHeroPage = lazyRouteComponent(() => import('./pages/gym-hero-page'), 'GymHeroPage')
const AboutPage = lazyRouteComponent(() => import('./pages/about-page'), 'AboutPage')
const BlogPage = lazyRouteComponent(() => import('./pages/blog-page'), 'BlogPage')
const LegalPage = lazyRouteComponent(() => import('./pages/legal-page'), 'LegalPage')
const WaitlistOutcomePage = lazyRouteComponent(() => import('./pages/waitlist-outcome-page'), 'WaitlistOutcomePage')
const EraseRequestPage = lazyRouteComponent(() => import('./pages/erase-request-page'), 'EraseRequestPage')
const OwnDataRequestPage = lazyRouteComponent(() => import('./pages/own-data-request-page'), 'OwnDataRequestPage')

/** What a page's route shows. The router loads `Page`'s chunk before it renders the route (also when it
 * hydrates) and the server renders it; each match of the route carries it too, in `staticData` (the router's
 * public place for data of our own), because the root renders the page itself to fade between pages
 * (src/layout/page-transition.tsx). */
const showsPage = (Page: RouteComponent) => ({ component: Page, staticData: { page: Page } })

// The whole route tree. The root renders the page's body, into index.html (its head goes to the template's
// head: src/layout/document-head.tsx), so every page can be prerendered and hydrated; it also owns the 404, for
// any path no route matches.
export const rootRoute = createRootRoute({
  // A change of page waits, briefly, for the animation engine, so that the first one fades too.
  beforeLoad: holdForPageFade,
  head: ({ matches }) => (matches.length <= 1 || matches.some((match) => match.status === 'notFound') ? pageHead('notFound') : {}),
  component: DocumentBody,
  notFoundComponent: NotFoundPage,
})

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', ...showsPage(HomePage), head: () => pageHead('/') })
const formRoute = createRoute({ getParentRoute: () => rootRoute, path: '/form', ...showsPage(FormPage), head: () => pageHead('/form') })
const kneeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/knee', ...showsPage(KneePage), head: () => pageHead('/knee') })
const gymHeroRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/gym-hero',
  ...showsPage(GymHeroPage),
  head: () => pageHead('/gym-hero'),
})
const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/about', ...showsPage(AboutPage), head: () => pageHead('/about') })
const blogRoute = createRoute({ getParentRoute: () => rootRoute, path: '/blog', ...showsPage(BlogPage), head: () => pageHead('/blog') })
const legalRoute = createRoute({ getParentRoute: () => rootRoute, path: '/legal', ...showsPage(LegalPage), head: () => pageHead('/legal') })

// Where the endpoint sends a browser's own form post: one prerendered page per outcome, none in the sitemap.
export const waitlistOutcomeSource = 'src/pages/waitlist-outcome-page.tsx'
const waitlistOutcomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/waitlist/$outcome',
  loader: ({ params }) => {
    if (!isFormOutcome(params.outcome)) throw notFound()
  },
  ...showsPage(WaitlistOutcomePage),
  head: ({ params }) => outcomeHead(params.outcome),
})

// The consent pages (issue 12), none in the sitemap. Static segments rank above `$outcome`, so /waitlist/confirm is this page and
// never an outcome code; no outcome code is one of these names (test/src/routes.test.tsx checks both).
const eraseRequestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: consentPages.erase,
  ...showsPage(EraseRequestPage),
  head: () => consentPageHead('erase'),
})
// Beside it, the request for a copy of one's own data (issue 51).
const ownDataRequestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: consentPages.copy,
  ...showsPage(OwnDataRequestPage),
  head: () => consentPageHead('copy'),
})
// The pages behind the links in our emails, one chunk for the three; none in the sitemap, none indexed.
const TokenActionPage = lazyRouteComponent(() => import('./pages/token-action-page'), 'TokenActionPage')
const tokenPageRoutes = tokenPageActions.map((action) =>
  createRoute({
    getParentRoute: () => rootRoute,
    path: consentPages[action],
    ...showsPage(TokenActionPage),
    head: () => tokenPageHead(action === 'eraseConfirm' ? 'erase' : action),
  }),
)
/** Prerendered, never in the sitemap: the consent pages, each with the chunk it requests up front. */
export const consentPageSources: Record<string, string> = /* @__PURE__ */ Object.fromEntries([
  [consentPages.erase, 'src/pages/erase-request-page.tsx'],
  [consentPages.copy, 'src/pages/own-data-request-page.tsx'],
  ...tokenPageActions.map((action) => [consentPages[action], 'src/pages/token-action-page.tsx']),
])

export const routeTree = rootRoute.addChildren([
  homeRoute,
  formRoute,
  kneeRoute,
  gymHeroRoute,
  aboutRoute,
  blogRoute,
  legalRoute,
  waitlistOutcomeRoute,
  eraseRequestRoute,
  ownDataRequestRoute,
  ...tokenPageRoutes,
])

export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  let firstRender = true
  return createRouter({
    routeTree,
    history: options.history,
    // A visitor may scroll the prerendered page before the app takes over; the app's first render must not
    // move it: not back to the top, and not to the address's #anchor, which the browser has already shown
    // (they may have scrolled away from it since). After that (and on a reload without an anchor, which
    // starts at the top) restoration works.
    scrollRestoration: () => {
      if (!firstRender) return true
      firstRender = false
      return window.scrollX === 0 && window.scrollY === 0 && window.location.hash === ''
    },
    defaultPreload: 'intent',
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
  interface StaticDataRouteOption {
    /** The page the route shows (`showsPage`); the root and a path no route matches have none. */
    page?: RouteComponent
  }
}
