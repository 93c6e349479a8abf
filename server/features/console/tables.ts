// The console's tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'
import type { AuditAction } from '../../../shared/console-api'
import type { Role } from '../../../shared/team'

declare module '../../platform/database/schema' {
  interface Tables {
    admin_sign_in_tokens: { token_hash: string; email: string; expires_at: string }
    admin_sessions: { session_hash: string; email: string; created_at: string; expires_at: string }
    /** Kept by the engine's triggers (migrations.ts), never written by the code: read as sums over shards. */
    signup_tallies: { kind: 'status' | 'source' | 'day'; key: string; shard: number; n: number | string }
    admin_audit: { id: Generated<number>; at: string; actor: string; action: AuditAction; detail: string }
    /** The team (team-store.ts): `added_by` is the inviter's address, or `ADMIN_EMAILS` for an owner the settings seeded. */
    admin_team: { email: string; role: Role; added_by: string; added_at: string; last_sign_in_at: string | null }
  }
}
