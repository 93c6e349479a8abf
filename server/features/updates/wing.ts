// The updates' wing (platform/wing/wing.ts): updates written in the console, tested, and sent to those who asked
// for news and updates at a pace, by a clock every second in every instance; they follow consent, so someone who
// takes news back or is erased is skipped; a send may be narrowed to a cohort by answers (the questions' matching); they hear the suppression list's bounces and complaints, and a send whose
// rates pass their limits pauses itself (send-guard.ts).
import type { AnswerMatch } from '../../../shared/questions'
import type { Wing } from '../../platform/wing/wing'
import { updateMigrations } from './migrations'
import { updateEmailKind, updateTestEmailKind } from './update-emails'
import { updateRoutes } from './update-routes'
import { updateSends, type UpdateSends } from './update-sends'
import { updateStore } from './update-store'
import { startUpdateTicker } from './update-ticker'
import { updatesFollowConsent } from './updates-follow-consent'
import { updatesFollowSuppression } from './send-guard'

declare module '../../platform/wing/wing' {
  interface Ports {
    updateSends: UpdateSends
  }
}

export const updatesWing: Wing = {
  migrations: updateMigrations,
  emailKinds: (database, { links }) => [updateTestEmailKind(database), updateEmailKind(database, links)],
  build({ database, config, now, log, poke, ports }) {
    // A cohort's people (issue 52) are the questions' to say: their wing offers `matching`, as it does to the waves.
    const matching = (rules: readonly AnswerMatch[]) => ports.questions.matching(rules)
    const sending = updateSends(database, config.bounces.sendGuard, matching)
    return {
      offers: { updateSends: sending },
      follows: { consent: updatesFollowConsent, suppression: updatesFollowSuppression },
      consoleRoutes: [
        ({ audit, now: at }) =>
          updateRoutes({ updates: updateStore(database, sending), sends: sending, matching, defaultPerSecond: config.invitations.sendsPerSecond, audit, now: at, onQueued: poke }),
      ],
      clocks: [{ name: 'updates', everyMs: 1000, start: ({ everyMs }) => startUpdateTicker({ sends: sending, everyMs, onQueued: poke, log, now }) }],
    }
  },
}
