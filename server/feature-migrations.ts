// Every feature's migrations, for whatever opens the database: the platform runs its own first, then these,
// all in one order by name (platform/database/migrate.ts). A new feature with tables adds its list here.
import { analyticsMigrations } from './features/analytics/migrations'
import { apiMigrations } from './features/api/migrations'
import { consentMigrations } from './features/consent/migrations'
import { consoleMigrations } from './features/console/migrations'
import { launchMigrations } from './features/launch/migrations'
import { referralMigrations } from './features/referral/migrations'
import { signupMigrations } from './features/signup/migrations'
import { updateMigrations } from './features/updates/migrations'
import { webhookMigrations } from './features/webhooks/migrations'

export const featureMigrations = [signupMigrations, consentMigrations, consoleMigrations, referralMigrations, launchMigrations, updateMigrations, analyticsMigrations, apiMigrations, webhookMigrations]
