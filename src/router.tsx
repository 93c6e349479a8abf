import { createRootRoute, createRoute, createRouter } from '@tanstack/react-router'
import { pageHead } from './head'
import { RootDocument } from './layout/root-document'
import { AboutPage } from './pages/about-page'
import { BlogPage } from './pages/blog-page'
import { FormPage } from './pages/form-page'
import { GymHeroPage } from './pages/gym-hero-page'
import { HomePage } from './pages/home-page'
import { KneePage } from './pages/knee-page'
import { LegalPage } from './pages/legal-page'
import { NotFoundPage } from './pages/not-found-page'

// The whole route tree. The root renders the document itself (<html> to </html>) so every page can be
// prerendered and hydrated; it also owns the 404, for any path no route matches.
export const rootRoute = createRootRoute({
  head: ({ matches }) => (matches.length <= 1 || matches.some((match) => match.status === 'notFound') ? pageHead('notFound') : {}),
  component: RootDocument,
  notFoundComponent: NotFoundPage,
})

const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage, head: () => pageHead('/') })
const formRoute = createRoute({ getParentRoute: () => rootRoute, path: '/form', component: FormPage, head: () => pageHead('/form') })
const kneeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/knee', component: KneePage, head: () => pageHead('/knee') })
const gymHeroRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/gym-hero',
  component: GymHeroPage,
  head: () => pageHead('/gym-hero'),
})
const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: '/about', component: AboutPage, head: () => pageHead('/about') })
const blogRoute = createRoute({ getParentRoute: () => rootRoute, path: '/blog', component: BlogPage, head: () => pageHead('/blog') })
const legalRoute = createRoute({ getParentRoute: () => rootRoute, path: '/legal', component: LegalPage, head: () => pageHead('/legal') })

export const routeTree = rootRoute.addChildren([
  homeRoute,
  formRoute,
  kneeRoute,
  gymHeroRoute,
  aboutRoute,
  blogRoute,
  legalRoute,
])

export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    scrollRestoration: true,
    defaultPreload: 'intent',
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
