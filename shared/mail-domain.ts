// The check of MAIL_FROM's domain (issue 49): Gmail and Yahoo's rules for bulk senders (2024) ask for SPF, DKIM and
// DMARC. The server looks each record up in DNS (server/platform/mail/domain-check.ts) and says, for one that is
// missing, the record to add. One description for the server and the console.

/** The records checked, in the order a domain sets them up. */
export const mailDomainRecords = ['SPF', 'DKIM', 'DMARC'] as const
export type MailDomainRecord = (typeof mailDomainRecords)[number]

/** One record: where it is looked up, what was found there (null: nothing), whether it will do, the one sentence
 * that says so, and the record to add when one is missing (null when nothing is to be added, or we cannot know it). */
export type MailDomainCheck = { record: MailDomainRecord; host: string; found: string | null; ok: boolean; says: string; add: string | null }

/** GET /setup/mail-domain: MAIL_FROM's domain and its three records. */
export type MailDomainReply = { domain: string; checks: MailDomainCheck[] }
