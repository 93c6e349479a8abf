// The updates' tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'
import type { UpdateSendState } from '../../../machines/update-send-machine'
import type { AutoPauseReason, SkipReason, UpdateAudience } from '../../../shared/update-rows'
import type { RecipientState } from './update-sends'
import type { UpdateReportKind } from './send-guard'

declare module '../../platform/database/schema' {
  interface Tables {
    /** An update to the list, as the team wrote it: a draft until it is sent (the sending comes later). */
    updates: {
      id: Generated<number>
      subject: string
      preheader: string
      /** Markdown, checked when saved (update-markdown.ts). */
      body: string
      created_by: string
      created_at: string
      updated_by: string
      updated_at: string
    }
    /** A test of an update, to the team member who asked for it: the outbox entry that carries it names this row. */
    update_tests: { id: Generated<number>; update_id: number; sent_to: string; asked_at: string }
    /** An update's sending, once asked for (a draft has none), in the states of machines/update-send-machine.ts. */
    update_sends: {
      update_id: number
      state: Exclude<UpdateSendState, 'draft'>
      audience: UpdateAudience
      send_at: string
      per_second: number
      requested_by: string
      started_at: string | null
      ended_at: string | null
      /** The current stretch of pacing: when it began (the start, or the last resume), and how many it has queued. */
      paced_from: string | null
      paced_count: Generated<number>
      audience_size: Generated<number>
      /** Why it paused itself (send-guard.ts); null when it did not, or was resumed since. */
      paused_because: Generated<AutoPauseReason | null>
      /** How many of its reports (update_reports) its rates were last judged on. */
      reports_judged: Generated<number>
      /** A cohort's rules (issue 52), JSON: only the people of the audience whose answers match them; NULL for all. */
      audience_match: string | null
    }
    /** A hard bounce or a complaint the suppression list heard of one person's email of an update (issue 49). */
    update_reports: { recipient_id: number; update_id: number; kind: UpdateReportKind; at: string }
    /** One person an update's audience took. NULL once they are erased: the row stays, for the counts. */
    update_recipients: {
      id: Generated<number>
      update_id: number
      signup_id: number | null
      state: RecipientState
      reason: SkipReason | null
      at: string | null
      unsubscribed_at: Generated<string | null>
    }
  }
}
