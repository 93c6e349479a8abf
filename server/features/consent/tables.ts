// Consent's tables and its columns of the signups table, merged into the platform's `Tables`
// (platform/database/schema.ts says how).
// A module, so that the declarations below add to the modules they name.
export {}

declare module '../signup/tables' {
  interface SignupsTable {
    confirmation_queued_at: string | null
    confirmed_at: string | null
    unsubscribed_at: string | null
    /** News and updates (shared/email-purposes.ts): the version of the wording the person chose it under, when
     * they last chose it, and when they took it back since (null while they hold it). */
    news_consent_version: string | null
    news_given_at: string | null
    news_withdrawn_at: string | null
  }
}

declare module '../../platform/database/schema' {
  interface Tables {
    /** A keyed hash of each erased address, and when: all erasure keeps (consent-store.ts). */
    erased_emails: { email_hash: string; erased_at: string }
  }
}
