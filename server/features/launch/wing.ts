// The launch's wing (platform/wing/wing.ts): invitations in waves, taken from the line by place; their emails;
// the invitation's page; the console's waves; and the clock that ends invitations past their expiry and starts
// the pace's daily wave. It offers the invitations, and the answer to whether a person holds one, which consent
// asks when someone confirms.
import { invitationRules } from '../../../shared/rules'
import type { Wing } from '../../platform/wing/wing'
import type { HeldInvitationOf } from '../consent/public'
import { heldInvitation } from './held-invitation'
import { invitations, type Invitations } from './invitations'
import { invitationsFollowConsent } from './invitations-follow-consent'
import { inviteRoutes } from './invite-routes'
import { inviteUrl, inviteUrlRoutes, type InviteUrl } from './invite-url'
import { launchEmailKinds } from './launch-emails'
import type { LaunchEvents } from './launch-events'
import { startLaunchTicker } from './launch-ticker'
import { launchPerson } from './launch-person'
import { launchMigrations } from './migrations'
import { waveRoutes } from './wave-routes'

declare module '../../platform/wing/wing' {
  interface Ports {
    invitations: Invitations
    heldInvitation: HeldInvitationOf
    inviteUrl: InviteUrl
  }
  interface WingEvents {
    launch: LaunchEvents
  }
}

export const launchWing: Wing = {
  migrations: launchMigrations,
  emailKinds: (database, { links, config }) => launchEmailKinds(database, links, config?.invitations.lifetimeMs ?? invitationRules.lifetimeMs),
  build({ database, config, admin, now, log, ports, events, poke, settings }) {
    const invited = invitations(database, ports.line, config.invitations, events.of('launch'))
    const link = inviteUrl(settings, config.invitations.url)
    return {
      offers: { invitations: invited, heldInvitation, inviteUrl: link },
      follows: { consent: invitationsFollowConsent },
      // An invitation's page reads; its button claims, with the link's token.
      routes: () => ({ pages: [{ at: '/', app: inviteRoutes({ invitations: invited, inviteUrl: link.url, siteUrl: admin.publicUrl, now }) }] }),
      consoleRoutes: [
        ({ audit, now: at }) => waveRoutes({ invitations: invited, matching: (rules) => ports.questions.matching(rules), inviteUrl: link.url, audit, now: at }),
        ({ audit }) => inviteUrlRoutes({ settings, link, audit }),
      ],
      personRecord: launchPerson,
      clocks: [{ name: 'launch', everyMs: 30_000, start: ({ everyMs }) => startLaunchTicker({ invitations: invited, everyMs, onWave: poke, log, now }) }],
    }
  },
}
