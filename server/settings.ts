// Every setting `npm start` reads from the environment, checked together: one start reports every mistake
// (config.ts, platform/mail/mail-config.ts, features/console/admin-config.ts) in one ConfigError, each problem naming its variable.
import { readAdminConfig, type AdminConfig } from './features/console/admin-config'
import { readConfig, type ServerConfig } from './config'
import { ConfigError, configProblems } from './platform/config-error'
import { readMailSettings } from './platform/mail/mail-config'
import type { MailSettings } from './platform/mail/mailer'

export type Settings = { config: ServerConfig; mail: MailSettings; admin: AdminConfig }

// What every wing is built with (platform/wing/wing.ts): the server's settings and the console's; the mail's stay
// the host's.
declare module './platform/wing/wing' {
  interface WingSettings {
    config: ServerConfig
    admin: AdminConfig
  }
}

export function readSettings(env: Record<string, string | undefined>): Settings {
  const { problems, read } = configProblems()
  const config = read(() => readConfig(env))
  // With the server's own settings wrong, the others are still checked, against the defaults.
  const base = config ?? readConfig({})
  const mail = read(() => readMailSettings(env, base.databaseUrl))
  const admin = read(() => readAdminConfig(env, base))
  if (!config || !mail || !admin) throw new ConfigError(problems)
  return { config, mail, admin }
}
