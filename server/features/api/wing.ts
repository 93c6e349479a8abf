// The API's wing (platform/wing/wing.ts): keys made in the console, and /api/v1 for the app's backend, which
// reports activations. An activation publishes `activation` in its transaction; whoever keeps facts about one
// follows it from its own wing (the webhooks' `person.activated`), and the hosts and tests may subscribe too.
import { Hono } from 'hono'
import { apiV1Base } from '../../../shared/api-keys'
import type { TransactionEvents } from '../../platform/events/transaction-events'
import { apiHeaders } from '../../platform/http/api-guard'
import type { Wing } from '../../platform/wing/wing'
import type { ActivationEvents } from './activation-events'
import { activationPerson } from './activation-person'
import { activations, type Activations } from './activations'
import { activationsFollowConsent } from './activations-follow-consent'
import { apiKeys, type ApiKeys } from './api-keys'
import { apiKeysConsoleRoutes } from './api-keys-console'
import { defaultApiKeyRateLimit } from './bearer'
import { apiMigrations } from './migrations'
import { v1Routes } from './v1-routes'
import { canonicalAddress } from '../../../shared/mailbox'

declare module '../../platform/wing/wing' {
  interface Ports {
    apiKeys: ApiKeys
    activations: Activations
    activationEvents: TransactionEvents<ActivationEvents>
  }
  interface WingEvents {
    activation: ActivationEvents
  }
  interface WingLimits {
    apiKey: Limit
  }
}

export const apiWing: Wing = {
  migrations: apiMigrations,
  build({ database, now, log, ports, events, limits }) {
    const keys = apiKeys(database)
    const activationEvents = events.of('activation')
    const activated = activations(database, activationEvents)
    return {
      offers: { apiKeys: keys, activations: activated, activationEvents },
      follows: { consent: activationsFollowConsent },
      routes: ({ rateLimiter }) => {
        const v1 = v1Routes({
          keys,
          activations: activated,
          answersOf: async (typed) => {
            const address = canonicalAddress(typed)
            const person = address === undefined ? undefined : await database.db.selectFrom('signups').select('id').where('email_normalized', '=', address).executeTakeFirst()
            return person && { signupId: Number(person.id), answers: (await ports.questions.personAnswers(database.db, Number(person.id))).given }
          },
          limiter: rateLimiter(limits.apiKey ?? defaultApiKeyRateLimit),
          audit: (actor, action, detail) => ports.admin.audit(actor, action, detail),
          now,
          classify: database.classify,
          log,
        })
        // For servers holding an API key, never for pages: no Origin check (servers send none) and no CORS, so no
        // browser page may read a reply; never cached, as every /api reply.
        return { api: [{ at: apiV1Base, app: new Hono().use(apiHeaders).route('/', v1) }] }
      },
      consoleRoutes: [({ audit, now: at }) => apiKeysConsoleRoutes({ keys, audit, now: at })],
      personRecord: activationPerson,
    }
  },
}
