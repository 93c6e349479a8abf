// The signup's tables, merged into the platform's `Tables` (platform/database/schema.ts says how). Other
// features add their columns to `SignupsTable` from their own tables.ts.
import type { Generated } from 'kysely'
import type { StoredStatus } from '../../../shared/stored-statuses'

/** One person on the list, under one canonical address (canonical-addresses.ts). */
export interface SignupsTable {
  id: Generated<number>
  email_normalized: string
  email: string
  first_name: string
  source: string
  submission_id: string | null
  created_at: string
  status: Generated<StoredStatus>
  consent_version: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  referrer_origin: string | null
}

declare module '../../platform/database/schema' {
  interface Tables {
    signups: SignupsTable
    /** One row per shard that a batch of signups commits to, so that every batch writes (batched-add.ts). */
    signup_commits: { shard: number; commits: number }
  }
}
