// What both engines' backups (scripts/backup-sqlite.ts, backup-postgres.ts) agree on.

/** A refusal meant for the operator: its message is one line, naming what to fix, with no secret in it. */
export class BackupError extends Error {
  override name = 'BackupError'
}

/**
 * Tables a backup carries empty: the console's sessions and its unused sign-in links. A restore then signs the
 * team out (they sign in again by email, or with `npm run admin:link`) instead of bringing back a session
 * signed out, or a link used, after the backup was taken.
 */
export const consoleSecretTables = ['admin_sessions', 'admin_sign_in_tokens'] as const

/**
 * Tables a backup carries empty for privacy: the analytics' salt of the day (issue 45, case 5). With it, a backup
 * alone would let anyone try addresses against the raw page views' visitor hashes and name a visitor's IP address;
 * without it those hashes name nobody. A restored server makes a new salt at its first visit (so a visitor of that
 * day counts twice, once before and once after).
 */
export const privateTables = ['analytics_salts'] as const

/** Every table a backup carries empty. */
export const tablesLeftEmpty = [...consoleSecretTables, ...privateTables] as const
