// The confirmations, unsubscribes and erasures counted where they are decided: the store's own answers.
// server/compose.ts composes the store through this, so every route that confirms, unsubscribes or erases is
// counted, and none of them (nor the store) knows that it is. An outcome counts once the store has committed it.
import { Counter } from 'prom-client'
import type { Metrics } from '../../platform/observability/metrics'
import type { ConsentStore } from './consent-store'

type ErasedBy = 'person' | 'team'

export function countedConsent(store: ConsentStore, metrics: Metrics): ConsentStore {
  const registers = [metrics.registry]
  const confirmations = new Counter({ name: 'waitlist_confirmations_total', help: 'Signups confirmed through the link in their email.', registers })
  const unsubscribes = new Counter({ name: 'waitlist_unsubscribes_total', help: 'Signups unsubscribed from a purpose of email or from all of them (the link in an email, or the one-click List-Unsubscribe).', registers })
  const erasures = new Counter({
    name: 'waitlist_erasures_total',
    help: 'Signups erased, by who asked: person (their own confirmed request) or team (the console).',
    labelNames: ['by'] as const,
    registers,
  })
  // Every series at 0 from the start, so that a rate over the first increment is not lost.
  for (const by of ['person', 'team'] satisfies ErasedBy[]) erasures.inc({ by }, 0)
  const counted = <T>(done: T, count: () => void) => {
    if (done) count()
    return done
  }
  const erasedBy = (by: ErasedBy) => () => erasures.inc({ by })
  return {
    ...store,
    useToken: async (purpose, tokenHash, now) =>
      counted(await store.useToken(purpose, tokenHash, now), () => (purpose === 'confirm' ? confirmations : unsubscribes).inc()),
    // Any purpose, or all of them: one person's unsubscribe, counted once.
    unsubscribe: async (tokenHash, scope, now) => counted(await store.unsubscribe(tokenHash, scope, now), () => unsubscribes.inc()),
    eraseByToken: async (tokenHash, now) => counted(await store.eraseByToken(tokenHash, now), erasedBy('person')),
    eraseById: async (id, now) => counted(await store.eraseById(id, now), erasedBy('team')),
  }
}
