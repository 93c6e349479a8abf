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
