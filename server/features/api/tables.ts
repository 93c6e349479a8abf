// The API wing's tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'

/** How an activation was reported: by the invitation's id, by the person's address, or by the code on the page. */
export type ActivationVia = 'invitation' | 'address' | 'code'

declare module '../../platform/database/schema' {
  interface Tables {
    /** A key a server calls /api/v1 with: only the SHA-256 of the key is kept (platform/secrets/tokens.ts). */
    api_keys: {
      id: Generated<number>
      name: string
      /** The scopes, space-separated, as OAuth writes them (shared/api-keys.ts lists them). */
      scopes: string
      /** `wlk_` and the key's first characters, to recognise it in the console: never enough to use it. */
      prefix: string
      key_hash: string
      created_by: string
      created_at: string
      last_used_at: Generated<string | null>
      revoked_at: Generated<string | null>
    }
    /** A person who installed the app and started it: one row per person at most. */
    activations: {
      id: Generated<number>
      /** NULL once the person is erased: the count stays, nothing of them does. */
      signup_id: number | null
      invitation_id: number | null
      activated_at: string
      via: ActivationVia
      key_id: number
      /** The hash of the code it was reported with, if any: a repeat of that code is the same activation. */
      code_hash: string | null
    }
  }
}
