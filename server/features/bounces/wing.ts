// The bounces' wing (platform/wing/wing.ts, issue 49): the providers' webhooks for bounces and complaints that arrive
// after the send, the console's suppression list, its part of a person's page, and an erasure's reach into the list.
// The list itself, and the check every email passes, are the platform's (platform/suppression/), since the outbox is.
import { Hono } from 'hono'
import { apiHeaders } from '../../platform/http/api-guard'
import type { Wing } from '../../platform/wing/wing'
import type { ConsentSubscriber } from '../consent/public'
import { bounceRoutes, defaultBounceRefusalLimit, type Provider, type ProviderCheck } from './bounce-routes'
import { mailgun } from './mailgun'
import { postmark } from './postmark'
import { sendgrid } from './sendgrid'
import { sesOverSns, snsOverHttps, type SnsFetch } from './ses-sns'
import { suppressionConsoleRoutes } from './suppression-console'
import { suppressionPerson } from './suppression-person'

declare module '../../platform/wing/wing' {
  interface WingLimits {
    /** Refused provider webhooks a client may send in a window before it is answered 429 unread. */
    bounceRefusals: Limit
  }
  interface WingOverrides {
    /** A test's SNS: the certificate and the subscription's confirmation from its own server, not AWS's. */
    sns: SnsFetch
  }
}

/** Where the providers post: /api/bounces/ses, /postmark, /sendgrid, /mailgun. */
export const bouncesPath = '/api/bounces'

export const bouncesWing: Wing = {
  build({ database, config, suppressions, now, log, limits, overrides }) {
    const { bounces } = config
    const providers: Partial<Record<Provider, ProviderCheck>> = {
      ...(bounces.sesTopicArns.length > 0 && { ses: sesOverSns({ topicArns: bounces.sesTopicArns, fetch: overrides.sns ?? snsOverHttps, now }) }),
      ...(bounces.postmarkAuth && { postmark: postmark(bounces.postmarkAuth) }),
      ...(bounces.sendgridPublicKey && { sendgrid: sendgrid(bounces.sendgridPublicKey) }),
      ...(bounces.mailgunSigningKey && { mailgun: mailgun(bounces.mailgunSigningKey) }),
    }
    // An erasure takes the address out of its entry and keeps the hash (published before the signup's row goes).
    const followsConsent: ConsentSubscriber = {
      erased: {
        handle: async (trx, { signupId }) => {
          const signup = await trx.selectFrom('signups').select('email_normalized').where('id', '=', signupId).executeTakeFirst()
          if (signup) await suppressions.forget(trx, signup.email_normalized)
        },
      },
    }
    return {
      follows: { consent: followsConsent },
      routes: ({ clientKey, rateLimiter }) => {
        const limiter = rateLimiter(limits.bounceRefusals ?? defaultBounceRefusalLimit)
        const app = bounceRoutes({ providers, suppressions, limiter, clientKey, log, now })
        return { api: [{ at: bouncesPath, app: new Hono().use(apiHeaders).route('/', app) }] }
      },
      consoleRoutes: [({ audit, now: at }) => suppressionConsoleRoutes({ suppressions, reads: database.reads, audit, now: at })],
      personRecord: suppressionPerson(suppressions),
    }
  },
}
