// The signups counted where they are decided: the store's own answer. server/compose.ts composes the store
// through this, so every route that signs someone up is counted, and none of them (nor the store) knows that it
// is. An outcome counts once the store has committed it.
//
// The counter says how many signups were new and how many were repeats: anyone who could read it right after a
// signup would learn whether that address was listed, which the replies themselves never tell. The metrics are
// private for that reason (platform/observability/metrics-server.ts).
import { Counter } from 'prom-client'
import type { Metrics } from '../../platform/observability/metrics'
import type { Signups } from './signup-store'

type SignupOutcome = 'added' | 'repeat'

export function countedSignups<S extends Pick<Signups, 'add'>>(signups: S, metrics: Metrics): S {
  const counter = new Counter({
    name: 'waitlist_signups_total',
    help: 'Signups stored, by outcome: added (an address not listed before) or repeat (one already listed). Private: right after a signup it tells whether that address was listed.',
    labelNames: ['outcome'] as const,
    registers: [metrics.registry],
  })
  // Every series at 0 from the start, so that a rate over the first increment is not lost.
  for (const outcome of ['added', 'repeat'] satisfies SignupOutcome[]) counter.inc({ outcome }, 0)
  return {
    ...signups,
    async add(signup) {
      const outcome = await signups.add(signup)
      counter.inc({ outcome: outcome === 'added' ? 'added' : 'repeat' } satisfies { outcome: SignupOutcome })
      return outcome
    },
  }
}
