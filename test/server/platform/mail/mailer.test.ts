// @vitest-environment node
// The mailer's own promises: the recipient is one canonical mailbox or nothing is sent, and an email written
// to a file (no SMTP_URL) prints where it went but never its links, whose tokens would then sit in the logs.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { simpleParser } from 'mailparser'
import { afterEach, describe, expect, it } from 'vitest'
import { createMailer, NotOneMailboxError, type OutgoingMail } from '../../../../server/platform/mail/mailer'
import { brand } from '../../../../shared/brand'
import { startInbox } from '../../../../tools/smtp-inbox'
import { makeTempDir } from '../../harness'

let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined
afterEach(async () => temp?.remove())

const token = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5'
const mail = (to: string): OutgoingMail => ({
  to,
  subject: 'Confirm your place',
  text: `Confirm: http://127.0.0.1:3000/waitlist/confirm?token=${token}`,
  html: `<p><a href="http://127.0.0.1:3000/waitlist/confirm?token=${token}">Confirm</a></p>`,
  links: [{ label: 'Confirm', url: `http://127.0.0.1:3000/waitlist/confirm?token=${token}` }],
})

describe('createMailer', () => {
  it('sends one email after another over one SMTP connection, not a connection each', async () => {
    const inbox = await startInbox()
    const mailer = createMailer({ smtpUrl: inbox.url, mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: 'not-used-with-smtp' })
    try {
      for (let index = 0; index < 20; index++) await mailer.send(mail(`reader-${index}@example.com`))
      for (let index = 0; index < 20; index++) expect((await inbox.next(`reader-${index}@example.com`)).rcptTo).toEqual([`reader-${index}@example.com`])
      expect(inbox.connections()).toBe(1)
    } finally {
      mailer.close()
      await inbox.close()
    }
  })

  it('writes an email to a file and prints its path and link labels, never a link or a token', async () => {
    temp = await makeTempDir()
    const printed: string[] = []
    const mailer = createMailer({ mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: temp.dir }, (line) => printed.push(line))
    await mailer.send(mail('ann@example.com'))
    mailer.close()
    const [file] = await readdir(temp.dir)
    expect((await simpleParser(await readFile(join(temp.dir, file!)))).text).toContain(token)
    expect(printed.join('\n')).toContain(join(temp.dir, file!))
    expect(printed.join('\n')).toContain('Confirm')
    expect(printed.join('\n')).not.toContain(token)
    expect(printed.join('\n')).not.toContain('ann@example.com')
  })

  it('sends from MAIL_FROM with Reply-To the contact address, so an answer reaches a person', async () => {
    temp = await makeTempDir()
    const mailer = createMailer({ mailFrom: 'Stride Health <no-reply@stridehealth.example>', mailDir: temp.dir }, () => {})
    await mailer.send(mail('ann@example.com'))
    mailer.close()
    const [file] = await readdir(temp.dir)
    const parsed = await simpleParser(await readFile(join(temp.dir, file!)))
    expect(parsed.from?.value).toEqual([{ name: 'Stride Health', address: 'no-reply@stridehealth.example' }])
    expect(parsed.replyTo?.value).toEqual([{ name: '', address: brand.contactEmail }])
    expect(parsed.html).toContain(`href="http://127.0.0.1:3000/waitlist/confirm?token=${token}"`)
  })

  it.each(['ann@example.com,bob@example.com', 'Ann <ann@example.com>', 'Ann@Example.com', ' ann@example.com'])('refuses to send to %j', async (to) => {
    temp = await makeTempDir()
    const mailer = createMailer({ mailFrom: 'no-reply@stridehealth.example', mailDir: temp.dir }, () => {})
    await expect(mailer.send(mail(to))).rejects.toBeInstanceOf(NotOneMailboxError)
    mailer.close()
    expect(await readdir(temp.dir).catch(() => [])).toEqual([])
  })
})
