// The outbox's kinds of email (platform/outbox/outbox-kinds.ts), one line per feature that sends any: main.ts and
// every test that starts a sender register them here, so they cannot drift. A new kind of email is written in
// its feature and registered with one line here.
import { invitationRules, referralRules } from '../shared/rules'
import { consentEmailKinds } from './features/consent/consent-emails'
import { launchEmailKinds } from './features/launch/launch-emails'
import { welcomeEmailKind } from './features/referral/referral-emails'
import { updateEmailKind, updateTestEmailKind } from './features/updates/update-emails'
import type { Database } from './platform/database/database'
import type { EmailLinks } from './platform/mail/list-email'
import { outboxKinds, type OutboxKinds } from './platform/outbox/outbox-kinds'

export type EmailKindSettings = {
  links: EmailLinks
  /** The places a confirmed friend moves someone up (PLACE_BOOST), as the welcome email says it. */
  placeBoost?: number
  /** How long an invitation works (INVITE_LIFETIME_DAYS), as its emails say it. */
  invitationLifetimeMs?: number
}

export const emailKinds = (database: Database, settings: EmailKindSettings): OutboxKinds =>
  outboxKinds()
    .register(...consentEmailKinds(database, settings.links))
    .register(welcomeEmailKind(database, settings.links, settings.placeBoost ?? referralRules.boostPlaces))
    .register(...launchEmailKinds(database, settings.links, settings.invitationLifetimeMs ?? invitationRules.lifetimeMs))
    .register(updateTestEmailKind(database), updateEmailKind(database, settings.links))
