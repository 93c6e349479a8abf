// Signups posted to the real endpoint with autocannon (the standard Node HTTP load tool), as the site's form posts
// them (a text/plain JSON body: no preflight), for the benchmarks that measure POST /api/waitlist
// (bench/endpoint.ts, and bench/updates.ts beside a send).
import autocannon from 'autocannon'

export type SignupLoad = { perSecond: number; p50: number; p99: number; errors: number }

/** The body the site's form posts. */
export const signupBody = (email: string, submissionId: string) => JSON.stringify({ firstName: 'Bench', email, source: 'stride-marketing-site', submissionId })

/** `connections` split between the instances (as behind a load balancer) for `seconds`, each request's body from
 * `bodyFor` with a number no other request of the load has: req/s add up, the latency figures are the slower
 * instance's. */
export async function postSignups(origins: string[], { connections, seconds, bodyFor }: { connections: number; seconds: number; bodyFor: (index: number) => string }): Promise<SignupLoad> {
  const results = await Promise.all(
    origins.map((origin, which) => {
      let index = 0
      return autocannon({
        url: `${origin}/api/waitlist`,
        connections: Math.ceil(connections / origins.length),
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        requests: [{ setupRequest: (request) => ({ ...request, body: bodyFor(index++ * origins.length + which) }) }],
        expectBody: undefined,
      })
    }),
  )
  return {
    perSecond: results.reduce((sum, result) => sum + result.requests.total / result.duration, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts + result.non2xx, 0),
  }
}
