// @vitest-environment node
// An update's two MIME parts are encoded once for everyone (issue 49, the pace), and each person's token is put in
// their open places (list-email.ts listEmailTemplate). Held here through a real SMTP server and the parser mail
// clients use: the email built from the parts reads exactly as the one nodemailer encodes itself, whatever the words
// (long lines, accents, an "=", spaces at a line's end, a line of one long word), and no line is longer than
// quoted-printable allows.
import nodemailer from 'nodemailer'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { updateMailTemplate } from '../../../../server/features/updates/update-emails'
import { composeMessage, createMailer, type OutgoingMail } from '../../../../server/platform/mail/mailer'
import { startInbox, type Inbox } from '../../../../tools/smtp-inbox'

const links = { siteUrl: 'https://stridehealth.example', apiUrl: 'https://api.stridehealth.example' }
const mailFrom = 'Stride Health <no-reply@stridehealth.example>'
const body = [
  'Naïve café runs — 5 km in 30 min, then 10 km = twice as far. ' + 'A long sentence that goes on and on. '.repeat(8),
  'Spaces at the end of this line   \nand an emoji 🏃 beside a link: [the plan](https://stridehealth.example/blog?a=1&b=2).',
  'x'.repeat(300),
].join('\n\n')
const update = { subject: 'What changed in December', preheader: 'Three things, one “quoted”.', body }
const token = 'B-b_0123456789abcdefghijklmnopqrstuvwxyzABCD'

let inbox: Inbox
beforeAll(async () => {
  inbox = await startInbox()
})
afterAll(() => inbox.close())

async function received(mail: OutgoingMail) {
  const mailer = createMailer({ smtpUrl: inbox.url, mailFrom, mailDir: 'not-used-with-smtp' })
  try {
    const arriving = inbox.next(mail.to, 10_000)
    await mailer.send(mail)
    return await arriving
  } finally {
    mailer.close()
  }
}

it('sends the parts encoded once, and they read as the email nodemailer encodes itself', async () => {
  const filled = updateMailTemplate(update, links)('ann@example.com', token)
  expect(filled.parts).toBeDefined()
  const { parts: _parts, ...encodedBySender } = updateMailTemplate(update, links)('bo@example.com', token)
  const fromParts = await received(filled)
  const fromSender = await received(encodedBySender)
  expect(fromParts.text).toBe(fromSender.text)
  expect(fromParts.html).toBe(fromSender.html)
  expect(fromParts.html).toContain(`?token=${token}`)
  expect(fromParts.text).toContain('Naïve café runs — 5 km')
  expect(fromParts.text).toContain('🏃')
})

it('writes no line longer than quoted-printable allows, wherever the token falls', async () => {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true })
  for (const length of [1, 43, 64]) {
    const mail = updateMailTemplate(update, links)('ann@example.com', 'T'.repeat(length))
    const built = await composer.sendMail(composeMessage({ mailFrom }, mail))
    const message = (built.message as Buffer).toString('utf8')
    const bodies = message.slice(message.indexOf('\r\n\r\n'))
    expect(bodies).toContain('Content-Transfer-Encoding: quoted-printable')
    expect(bodies.split('\r\n').filter((line) => line.length > 76)).toEqual([])
    // Every line ends with CRLF: no bare LF in the message.
    expect(message.replace(/\r\n/g, '')).not.toContain('\n')
  }
})

it('leaves a token it cannot write as it is to the mailer', () => {
  expect(updateMailTemplate(update, links)('ann@example.com', 'not=plain').parts).toBeUndefined()
})
