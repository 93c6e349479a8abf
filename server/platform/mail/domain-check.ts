// The check of MAIL_FROM's domain (issue 49, shared/mail-domain.ts): SPF at the domain, DKIM at the selector a setting
// gives (DKIM_SELECTOR: only the mail provider knows it, so without one it is not looked up), and DMARC at _dmarc.
// Each is a TXT lookup through a resolver the caller gives (node:dns/promises resolveTxt; a test's own), so a test
// needs no network. A name with no record is "missing", with the record to add; a lookup that fails otherwise (a
// timeout, a refused query) says so and suggests nothing, since the record may well be there.
import type { MailDomainCheck, MailDomainReply } from '../../../shared/mail-domain'

/** node:dns/promises resolveTxt's shape: each record's strings, which one record's text is joined from. */
export type ResolveTxt = (host: string) => Promise<string[][]>

const absent = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN'])

/** The TXT records at `host` joined into their texts; [] when the name has none; undefined when it could not be asked. */
async function texts(resolveTxt: ResolveTxt, host: string): Promise<string[] | undefined> {
  try {
    return (await resolveTxt(host)).map((parts) => parts.join(''))
  } catch (error) {
    return absent.has(String((error as { code?: unknown }).code)) ? [] : undefined
  }
}

/** The domain of MAIL_FROM ("Name <a@b.example>" or "a@b.example"), lower-case. */
export function mailFromDomain(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom
  return (address.split('@').pop() ?? '').trim().toLowerCase()
}

export async function checkMailDomain(mailFrom: string, { resolveTxt, dkimSelector }: { resolveTxt: ResolveTxt; dkimSelector: string | undefined }): Promise<MailDomainReply> {
  const domain = mailFromDomain(mailFrom)
  const unreadable = (record: MailDomainCheck['record'], host: string): MailDomainCheck => ({
    record,
    host,
    found: null,
    ok: false,
    says: `${host} could not be looked up in DNS just now: try again later.`,
    add: null,
  })
  const lookFor = async (record: MailDomainCheck['record'], host: string, prefix: RegExp, add: string, why: string): Promise<MailDomainCheck> => {
    const found = await texts(resolveTxt, host)
    if (found === undefined) return unreadable(record, host)
    const matching = found.filter((text) => prefix.test(text))
    if (matching.length === 0) return { record, host, found: null, ok: false, says: `No ${record} record at ${host}: ${why}`, add }
    if (matching.length > 1)
      return { record, host, found: matching.join(' | '), ok: false, says: `${host} has ${matching.length} ${record} records: receivers then ignore them all. Keep one.`, add: null }
    return { record, host, found: matching[0]!, ok: true, says: `${record} is set at ${host}.`, add: null }
  }
  const spf = lookFor('SPF', domain, /^v=spf1(\s|$)/i, `${domain} TXT "v=spf1 include:<your mail provider's SPF domain> ~all"`,
    'receivers cannot tell that your mail server may send for this domain. Add the record your mail provider gives, such as the one below.')
  const dkim: Promise<MailDomainCheck> = dkimSelector
    ? lookFor('DKIM', `${dkimSelector}._domainkey.${domain}`, /(^|;)\s*(v=DKIM1|p=)/i, `${dkimSelector}._domainkey.${domain} TXT "v=DKIM1; k=rsa; p=<the public key your mail provider gives>"`,
        'receivers cannot check the signature on your emails. Add the key your mail provider gives, as below.')
    : Promise.resolve({ record: 'DKIM', host: `<selector>._domainkey.${domain}`, found: null, ok: false, says: 'Set DKIM_SELECTOR (the selector your mail provider signs with) to have DKIM checked.', add: null })
  const dmarc = lookFor('DMARC', `_dmarc.${domain}`, /^v=DMARC1(\s*;|$)/i, `_dmarc.${domain} TXT "v=DMARC1; p=none; rua=mailto:dmarc@${domain}"`,
    'Gmail and Yahoo refuse bulk mail from a domain without one. Start with p=none, as below, and tighten it once the reports are clean.')
  return { domain, checks: await Promise.all([spf, dkim, dmarc]) }
}
