import { createStaticSite, type StaticSite } from '../../server/platform/http/static'
import { analyticsPath } from '../../shared/analytics'

// The built site as the benchmarks serve it: the server's own static handler (Brotli or gzip, as `npm start` sends
// pages), and a visit beacon answered as the endpoint answers one (an empty 204: shared/analytics.ts). Left to the
// static handler, the beacon would be a failed request in the browser's log, which Lighthouse counts against the
// page's best practices, where `npm start` would have counted the visit.
export function benchSite(root: string): StaticSite {
  const site = createStaticSite(root)
  return (request) => (request.method === 'POST' && new URL(request.url).pathname === analyticsPath ? Promise.resolve(new Response(null, { status: 204 })) : site(request))
}
