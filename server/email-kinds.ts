// The outbox's kinds of email (platform/outbox/outbox-kinds.ts), each wing's as it declares them: main.ts and
// every test that starts a sender register them here, so they cannot drift.
import type { Database } from './platform/database/database'
import { outboxKinds, type OutboxKinds } from './platform/outbox/outbox-kinds'
import type { EmailKindSettings } from './platform/wing/wing'
import { wings } from './wings'

export type { EmailKindSettings }

export const emailKinds = (database: Database, settings: EmailKindSettings): OutboxKinds =>
  outboxKinds().register(...wings.flatMap((wing) => wing.emailKinds?.(database, settings) ?? []))
