// The console's wing (platform/wing/wing.ts): sign-in by emailed link, sessions, the audit, the people table with
// each person's place, and /api/admin, under which it mounts every wing's console routes behind its session and
// Origin checks, made with its audit log and the composition's clock. What the console itself adds (its own
// routes, a store) is one more line below.
import { resolveTxt } from 'node:dns/promises'
import type { ResolveTxt } from '../../platform/mail/domain-check'
import { Hono } from 'hono'
import { every } from '../../platform/clock/every'
import { adminApiBase } from '../../../shared/console-api'
import { apiHeaders } from '../../platform/http/api-guard'
import type { Wing } from '../../platform/wing/wing'
import { adminApi, summaryReply } from './admin-api'
import { firstViewPage, loadOverviewDrawing, type DrawOverview } from './first-view-page'
import type { Audit } from '../../platform/console/audit'
import { adminStore, type AdminStore } from './admin-store'
import { consoleMigrations } from './migrations'
import { createSignInMailer } from './sign-in-mail'
import { setupRoutes } from './setup-routes'
import { teamStore } from './team-store'

/** How often each instance removes the team's ended sessions and sign-in links (a few rows: one statement each). */
export const endedSignInsSweepMs = 60 * 60_000

declare module '../../platform/wing/wing' {
  interface Ports {
    admin: AdminStore
  }
  interface ConsoleTools {
    audit: Audit
  }
  interface WingLimits {
    signIn: Limit
    signInCheckMs: number
  }
}

declare module '../../platform/wing/wing' {
  interface WingOverrides {
    /** A test's DNS, for the check of MAIL_FROM's domain. */
    resolveTxt: ResolveTxt
    /** A test's drawing of the Overview on the server, where the site's folder has no build of it. */
    drawOverview: DrawOverview
  }
}

export const consoleWing: Wing = {
  migrations: consoleMigrations,
  build({ database, admin: settings, config, now, log, mailer, budget, outbox, ports, limits, overrides }) {
    const admin = adminStore(database, ports.line, now)
    const signInMailer = createSignInMailer({ mailer, budget, log, now, checkMs: limits.signInCheckMs })
    const audit: Audit = (actor, action, detail) => admin.audit(actor, action, detail)
    return {
      offers: { admin },
      routes: ({ originCheck, facts, rateLimiter, consoleRoutes }) => {
        // The team, with ADMIN_EMAILS's owners (team-store.ts).
        const team = teamStore(database, settings.adminEmails, now)
        const setup = setupRoutes({
          mail: settings.mailSet ?? { smtpUrl: false, mailFrom: false },
          publicSiteUrl: config.publicSiteUrl,
          inviteUrl: () => ports.inviteUrl.read(),
          team,
          database,
          now,
          mailDomain: { ...(settings.mailDomain ?? { mailFrom: undefined, dkimSelector: undefined }), resolveTxt: overrides.resolveTxt ?? resolveTxt },
        })
        const options = {
          store: admin,
          team,
          publicUrl: settings.publicUrl,
          sendSignInLink: signInMailer,
          eraseSignup: (id: number, at: Date) => ports.consent.eraseById(id, at),
          exportAnswers: ports.questions.exportAnswers,
          outboxStats: (at: Date) => outbox.stats(at),
          signInRateLimit: limits.signIn,
          now,
          routes: [setup, ...consoleRoutes.map((make) => make({ audit, now }))],
        }
        // The console's API passes the API's origin check too, and is never readable by another origin.
        const page = firstViewPage({
          store: admin,
          team,
          isHttps: facts.isHttps,
          now,
          staticDir: config.staticDir,
          summary: (at) => summaryReply(options, at),
          draw: overrides.drawOverview,
          log,
        })
        return {
          api: [{ at: adminApiBase, app: new Hono().use(apiHeaders, originCheck()).route('/', adminApi(options, { ...facts, rateLimiter })) }],
          pages: [{ at: '/', app: page }],
        }
      },
      // A session or a sign-in link is kept until it ends (docs/product-rules.md): its row goes within the hour after.
      clocks: [
        {
          name: 'console-sweep',
          everyMs: endedSignInsSweepMs,
          start: ({ everyMs }) =>
            every({
              name: 'console-sweep',
              everyMs,
              run: (at) => admin.removeEnded(at),
              done: ({ sessions, links }) => sessions + links > 0 && log.info({ sessions, links }, `console: removed ${sessions} ended session(s) and ${links} ended sign-in link(s)`),
              failure: 'console: cannot remove ended sessions and sign-in links now; will try again',
              now,
              log,
            }),
        },
      ],
      stop: () => signInMailer.stop(),
      // The Overview's drawing for signed-in members, imported before the server serves (first-view-page.ts).
      beforeServing: async () => void (await loadOverviewDrawing(config.staticDir, log)),
    }
  },
}
