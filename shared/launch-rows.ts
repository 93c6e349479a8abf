// What the console's API sends about invitations (server/features/launch/, issue 22) and the console's waves machine
// (machines/admin-waves-machine.ts) reads: one description for both sides.

/** How one wave (or every wave together) has gone: counts of people, each counted once per invitation. */
export type Funnel = {
  /** Invitations queued. */
  invited: number
  /** Of those, the ones the mail server accepted. */
  delivered: number
  /** Reminders the mail server accepted. */
  reminded: number
  /** Claimed through the link. */
  claimed: number
  /** Ended unclaimed at their expiry. */
  expired: number
  /** Unsubscribed while the invitation was open. */
  unsubscribed: number
  /** Erased while the invitation was open. */
  erased: number
}

/** How a wave started: by the team's "invite the next N", by the daily pace, or by sending the expired of a
 * wave again. */
export type WaveKind = 'next' | 'pace' | 'again'

export type WaveRow = { id: number; kind: WaveKind; startedBy: string; startedAt: string; funnel: Funnel }

/** A person next in line for an invitation, as the team sees them before they confirm. */
export type NextPerson = { id: number; place: number; firstName: string; email: string }

/** The daily pace: `perDay` people each day at `atUtc` (HH:MM, UTC), until stopped or the list is empty. */
export type Pace = { perDay: number; atUtc: string; startedBy: string; startedAt: string; lastRunDay: string | null }

/** GET /api/admin/waves. */
export type WavesOverview = {
  waves: WaveRow[]
  total: Funnel
  pace: Pace | null
  /** Why the last pace ended ('stopped' by the team, or 'list-empty'), while none is set. */
  paceEnded: { reason: 'stopped' | 'list-empty'; at: string } | null
  /** Confirmed people not invited yet: who a wave may take. */
  waiting: number
  /** INVITE_URL is set: without it there is nowhere to send people, and waves are refused. */
  ready: boolean
  /** How long an invitation works, in days. */
  lifetimeDays: number
}

/** GET /api/admin/waves/next?count=N: the first people of that wave (at most `previewLimit`) and how many it would take. */
export type NextUp = { people: NextPerson[]; count: number; waiting: number }
export const previewLimit = 50
