// The network boundary of a pictured view: requests to the endpoint are held in the browser (page.route) until
// the path's next event says how they end, so a state such as "submitting" stays on screen as long as the
// picture needs, and every answer is exactly the one the graph asked for. No server behind them.
import type { Page, Route } from '@playwright/test'
import type { HeldRequests } from './types'

/** `method`, when given, leaves requests of other methods to the routes registered before (a GET and a POST to
 * one path are two calls). */
export async function holdRequests(page: Page, pattern: string | ((url: URL) => boolean), method?: string): Promise<HeldRequests> {
  const waiting: Route[] = []
  const wanted: ((route: Route) => void)[] = []
  await page.route(pattern, (route) => {
    if (method && route.request().method() !== method && route.request().method() !== 'OPTIONS') return route.fallback()
    // A preflight never holds up the picture; the site's requests are CORS simple requests anyway.
    if (route.request().method() === 'OPTIONS') return route.fulfill({ status: 204, headers: { 'Access-Control-Allow-Origin': '*' } })
    const taker = wanted.shift()
    if (taker) taker(route)
    else waiting.push(route)
  })
  return {
    next: () => {
      const route = waiting.shift()
      return route ? Promise.resolve(route) : new Promise<Route>((resolve) => wanted.push(resolve))
    },
  }
}

export const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: JSON.stringify(body) })

export const text = (route: Route, status: number, body: string) =>
  route.fulfill({ status, contentType: 'text/plain', headers: { 'Access-Control-Allow-Origin': '*' }, body })
