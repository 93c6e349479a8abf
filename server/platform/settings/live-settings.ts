// Settings the console may change with no restart (issue 47), kept in the platform's settings table
// (consent_settings, one row each: `setting:<VARIABLE>`), which every instance on the same database reads. A value
// is read when it is used and kept for `keptMs`, so another instance sees a change within that time; a change made
// here is seen here at once. The environment's value, when the variable is set, wins: a deploy that sets it means
// it, and the console says so (shared/setup.ts SettingSource). A feature names its variable; the platform names none.
import type { Database } from '../database/database'
import type { SettingSource } from '../../../shared/setup'

/** How long an instance keeps a value it read: a change made on another instance reaches it within this. */
export const keptMs = 5_000

export type LiveValue = { value: string | null; from: SettingSource }

export type LiveSettings = {
  /** The variable's value: the environment's when given, else the console's, else none. */
  read(variable: string, fromEnvironment: string | undefined): Promise<LiveValue>
  /** Stores the console's value (null removes it). The caller checks it and audits the change. */
  write(variable: string, value: string | null): Promise<void>
}

const keyOf = (variable: string) => `setting:${variable}`

export function liveSettings(database: Database, now: () => Date): LiveSettings {
  const kept = new Map<string, { value: string | null; until: number }>()
  async function stored(variable: string): Promise<string | null> {
    const at = now().getTime()
    const hit = kept.get(variable)
    if (hit && hit.until > at) return hit.value
    const row = await database.db.selectFrom('consent_settings').select('value').where('key', '=', keyOf(variable)).executeTakeFirst()
    const value = row?.value ?? null
    kept.set(variable, { value, until: at + keptMs })
    return value
  }
  return {
    async read(variable, fromEnvironment) {
      if (fromEnvironment !== undefined) return { value: fromEnvironment, from: 'environment' }
      const value = await stored(variable)
      return { value, from: value === null ? null : 'console' }
    },
    async write(variable, value) {
      const key = keyOf(variable)
      if (value === null) await database.db.deleteFrom('consent_settings').where('key', '=', key).execute()
      else
        await database.db
          .insertInto('consent_settings')
          .values({ key, value })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: (eb) => eb.ref('excluded.value') }))
          .execute()
      kept.delete(variable)
    },
  }
}
