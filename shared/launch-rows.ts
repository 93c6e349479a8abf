// What the console's API sends about invitations (server/features/launch/, issue 22) and the console's waves machine
// (machines/admin-waves-machine.ts) reads: one description for both sides.
import { figure } from './figures'
import { recordOf } from './record-of'
import type { AnswerMatch } from './questions'

/** How one wave (or every wave together) has gone, in the order the console and the CSV show it: invitations
 * queued; of those, the ones the mail server accepted; reminders the mail server accepted; claimed through the link;
 * ended unclaimed at their expiry; unsubscribed while the invitation was open; erased while it was open. */
export const funnelColumns = ['invited', 'delivered', 'reminded', 'claimed', 'expired', 'unsubscribed', 'erased'] as const
export type FunnelColumn = (typeof funnelColumns)[number]
/** Counts of people, each counted once per invitation. */
export type Funnel = Record<FunnelColumn, number>
export const noFunnel: Funnel = recordOf(funnelColumns, () => 0)
/** Each figure after `invited` is also shown as a share of those invited. */
export const ratedFunnelColumns = funnelColumns.slice(1)

/** How a wave started: by the team's "invite the next N", by the daily pace, or by sending the expired of a
 * wave again. */
export type WaveKind = 'next' | 'pace' | 'again'

export type WaveRow = { id: number; kind: WaveKind; startedBy: string; startedAt: string; funnel: Funnel }

/** A person next in line for an invitation, as the team sees them before they confirm. `email` only for a member
 * whose role reads people (shared/team.ts `people:read`); a sender sees the place and first name alone. */
export type NextPerson = { id: number; place: number; firstName: string; email?: string }

/** The daily pace: `perDay` people each day at `atUtc` (HH:MM, UTC), until stopped or the list is empty. */
export type Pace = { perDay: number; atUtc: string; startedBy: string; startedAt: string; lastRunDay: string | null }
/** Why a pace ended: stopped by the team, or nobody left to invite. */
export type PaceEndReason = 'stopped' | 'list-empty'

/** GET /api/admin/waves. */
export type WavesOverview = {
  waves: WaveRow[]
  total: Funnel
  pace: Pace | null
  /** Why the last pace ended, while none is set. */
  paceEnded: { reason: PaceEndReason; at: string } | null
  /** Confirmed people not invited yet: who a wave may take. */
  waiting: number
  /** INVITE_URL is set: without it there is nowhere to send people, and waves are refused. */
  ready: boolean
  /** How long an invitation works, in days. */
  lifetimeDays: number
}

/** GET /api/admin/waves/next?count=N: the first people of that wave (at most `previewLimit`) and how many it would take. */
export type NextUp = { people: NextPerson[]; count: number; waiting: number }
/** GET /waves/next?count=N&match=<JSON AnswerMatch[]>: a cohort's preview, with how many in line match (issue 52). */
export type CohortNextUp = NextUp & { matching: number }
export const previewLimit = 50

/** POST /waves: invite `count` people, the first of them the one the team saw first in the preview. */
export type WaveRequest = { count: number; /** Absent only for a cohort the member was shown no one of. */ firstId?: number; /** Only the next in line whose answers match every rule (issue 52). */ match?: AnswerMatch[] }
/** POST /pace. */
export type PaceRequest = { perDay: number; atUtc: string }
/** Why a change to the waves was refused, as the reply's `code`: no INVITE_URL, another wave took the people the
 * team saw (409), or nobody is waiting (409). */
export type WaveRefusal = 'not-ready' | 'list-changed' | 'nobody'

/** Words the server and the console both say about waves. */
export const nobodyWaiting = 'Nobody is waiting for an invitation.'
export const askWaveCount = (most: number) => `Say how many people to invite: a whole number from 1 to ${figure(most)}.`
