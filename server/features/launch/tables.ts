// The launch's tables, merged into the platform's `Tables`
// (platform/database/schema.ts says how).
import type { Generated } from 'kysely'
import type { PaceEndReason, WaveKind } from '../../../shared/launch-rows'

declare module '../../platform/database/schema' {
  interface Tables {
    waves: { id: Generated<number>; kind: WaveKind; started_by: string; started_at: string; size: number }
    invitations: {
      id: Generated<number>
      wave_id: number
      /** NULL once the person is erased: the invitation's counts stay, nothing of them does. */
      signup_id: number | null
      invited_at: string
      expires_at: string
      delivered_at: Generated<string | null>
      reminded_at: Generated<string | null>
      claimed_at: Generated<string | null>
      expired_at: Generated<string | null>
      unsubscribed_at: Generated<string | null>
      erased_at: Generated<string | null>
    }
    launch_pace: {
      id: number
      per_day: number
      at_utc: string
      started_by: string
      started_at: string
      last_run_day: string | null
      ended_reason: PaceEndReason | null
      ended_at: string | null
    }
  }
}
