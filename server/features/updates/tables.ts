// The updates' tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'

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
  }
}
