// The counters of what people did, taken where it is decided: the stores' own answers. server/compose.ts
// composes the stores through these, so every route that signs up, confirms, unsubscribes or erases is
// counted, and none of them (nor the stores) knows that it is. An outcome counts once the store has committed it.
import type { ConsentStore } from '../../features/consent/consent-store'
import type { Signups } from '../../features/signup/signup-store'
import type { Metrics } from './metrics'

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
