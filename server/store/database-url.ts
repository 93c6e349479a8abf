// Reading DATABASE_URL: which engine it names, and how to show it without its password.
export const isPostgresUrl = (databaseUrl: string) => /^postgres(ql)?:\/\//i.test(databaseUrl)
export const isSqliteUrl = (databaseUrl: string) => databaseUrl.startsWith('file:')

/** The URL with its password replaced, for messages and logs. */
export function redactDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl)
    if (url.password) url.password = '***'
    return url.href
  } catch {
    return databaseUrl.replace(/:[^:@/]*@/, ':***@')
  }
}
