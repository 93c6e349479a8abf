// @vitest-environment node
// The check of MAIL_FROM's domain (issue 49) through a resolver the test gives, as node:dns/promises resolveTxt
// answers: each record found, missing (with the record to add), doubled, or not looked up.
import { checkMailDomain, mailFromDomain, type ResolveTxt } from '../../../../server/platform/mail/domain-check'

const dnsError = (code: string) => Object.assign(new Error(`queryTxt ${code}`), { code })
const zone = (records: Record<string, string[][] | string>): ResolveTxt => async (host) => {
  const answer = records[host]
  if (answer === undefined) throw dnsError('ENOTFOUND')
  if (typeof answer === 'string') throw dnsError(answer)
  return answer
}

describe('the check of MAIL_FROM’s domain', () => {
  it('takes the domain from the address, with or without a name', () => {
    expect(mailFromDomain('Stride <No-Reply@Mail.Stride.example>')).toBe('mail.stride.example')
    expect(mailFromDomain('team@stride.example')).toBe('stride.example')
  })

  it('finds each record, joining a record split into strings', async () => {
    const reply = await checkMailDomain('Stride <no-reply@stride.example>', {
      dkimSelector: 's1',
      resolveTxt: zone({
        'stride.example': [['google-site-verification=abc'], ['v=spf1 include:spf.provider.example ', '~all']],
        's1._domainkey.stride.example': [['v=DKIM1; k=rsa; p=MIGfMA0']],
        '_dmarc.stride.example': [['v=DMARC1; p=quarantine']],
      }),
    })
    expect(reply.domain).toBe('stride.example')
    expect(reply.checks.map(({ record, ok, found, add }) => ({ record, ok, found, add }))).toEqual([
      { record: 'SPF', ok: true, found: 'v=spf1 include:spf.provider.example ~all', add: null },
      { record: 'DKIM', ok: true, found: 'v=DKIM1; k=rsa; p=MIGfMA0', add: null },
      { record: 'DMARC', ok: true, found: 'v=DMARC1; p=quarantine', add: null },
    ])
  })

  it('says the record to add when one is missing, and does not look DKIM up without a selector', async () => {
    const reply = await checkMailDomain('no-reply@stride.example', { dkimSelector: undefined, resolveTxt: zone({ 'stride.example': [['some-other=1']] }) })
    const [spf, dkim, dmarc] = reply.checks
    expect(spf).toMatchObject({ ok: false, found: null, add: `stride.example TXT "v=spf1 include:<your mail provider's SPF domain> ~all"` })
    expect(spf!.says).toMatch(/^No SPF record at stride\.example/)
    expect(dkim).toMatchObject({ ok: false, add: null, says: expect.stringContaining('Set DKIM_SELECTOR') })
    expect(dmarc).toMatchObject({ ok: false, host: '_dmarc.stride.example', add: '_dmarc.stride.example TXT "v=DMARC1; p=none; rua=mailto:dmarc@stride.example"' })
  })

  it('refuses two SPF records, and says so when a name could not be looked up, suggesting nothing', async () => {
    const reply = await checkMailDomain('no-reply@stride.example', {
      dkimSelector: 's1',
      resolveTxt: zone({ 'stride.example': [['v=spf1 -all'], ['v=spf1 include:a.example ~all']], 's1._domainkey.stride.example': 'ETIMEOUT', '_dmarc.stride.example': 'ENODATA' }),
    })
    const [spf, dkim, dmarc] = reply.checks
    expect(spf).toMatchObject({ ok: false, add: null, says: 'stride.example has 2 SPF records: receivers then ignore them all. Keep one.' })
    expect(dkim).toMatchObject({ ok: false, add: null, says: 's1._domainkey.stride.example could not be looked up in DNS just now: try again later.' })
    expect(dmarc).toMatchObject({ ok: false, found: null })
    expect(dmarc!.add).not.toBeNull()
  })
})
