// The confirmations, unsubscribes and erasures counted where they are decided: the store's own answers.
// server/compose.ts composes the store through this, so every route that confirms, unsubscribes or erases is
// counted, and none of them (nor the store) knows that it is. An outcome counts once the store has committed it.
import type { Metrics } from '../../platform/observability/metrics'
import type { ConsentStore } from './consent-store'

export function countedConsent(store: ConsentStore, metrics: Metrics): ConsentStore {
  const counted = <T>(done: T, count: () => void) => {
    if (done) count()
    return done
  }
  return {
    ...store,
    useToken: async (purpose, tokenHash, now) =>
      counted(await store.useToken(purpose, tokenHash, now), () => (purpose === 'confirm' ? metrics.confirmations : metrics.unsubscribes).inc()),
    eraseByToken: async (tokenHash, now) => counted(await store.eraseByToken(tokenHash, now), () => metrics.erasures.inc({ by: 'person' })),
    eraseById: async (id, now) => counted(await store.eraseById(id, now), () => metrics.erasures.inc({ by: 'team' })),
  }
}
