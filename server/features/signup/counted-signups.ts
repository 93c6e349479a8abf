// The signups counted where they are decided: the store's own answer. server/compose.ts composes the store
// through this, so every route that signs someone up is counted, and none of them (nor the store) knows that it
// is. An outcome counts once the store has committed it.
import type { Metrics } from '../../platform/observability/metrics'
import type { Signups } from './signup-store'

export function countedSignups<S extends Pick<Signups, 'add'>>(signups: S, metrics: Metrics): S {
  return {
    ...signups,
    async add(signup) {
      const outcome = await signups.add(signup)
      metrics.signups.inc({ outcome: outcome === 'added' ? 'added' : 'repeat' })
      return outcome
    },
  }
}
