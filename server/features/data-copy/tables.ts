// The copy's table, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'

declare module '../../platform/database/schema' {
  interface Tables {
    /** An address that is not on the list and asked for a copy of its data: kept only until the email that says we
     * hold nothing about it has gone or ended (copy-emails.ts), so that the email can be addressed. One per address. */
    copy_requests: { id: Generated<number>; email_normalized: string; asked_at: string }
  }
}
