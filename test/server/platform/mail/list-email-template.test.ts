// @vitest-environment node
// An update is rendered once per send, not per person (issue 49): the template renders the email's component once,
// and each person's email is it with their address and unsubscribe token filled in: the same email, byte for byte,
// that rendering it for them would give, in the HTML, the plain text, the RFC 8058 headers and the links.
import { createElement } from 'react'
import { updateMail, updateMailTemplate } from '../../../../server/features/updates/update-emails'
import { listEmail, listEmailTemplate } from '../../../../server/platform/mail/list-email'
import type { OutgoingMail } from '../../../../server/platform/mail/mailer'

const links = { siteUrl: 'https://stridehealth.example', apiUrl: 'https://api.stridehealth.example' }
/** The email without its parts encoded once for all, which list-email-parts.test.ts holds to the rest. */
const withoutParts = ({ parts: _parts, ...mail }: OutgoingMail) => mail
const update = { subject: 'News from Stride', preheader: 'A short one.', body: 'Read [more](https://stridehealth.example/blog) & more.\n\n- one\n- two' }

it('renders the component once, and gives each person the email rendering it for them would', () => {
  let renders = 0
  const component = (unsubscribeUrl: string) => {
    renders++
    return createElement('p', null, 'Hello. ', createElement('a', { href: unsubscribeUrl }, 'Unsubscribe'))
  }
  const fill = listEmailTemplate('Hello', links, component)
  const people = [
    ['ann@example.com', 'tokenAnn_-1'],
    ['bo@example.com', 'tokenBo_-2'],
    ['cy@example.com', 'tokenCy_-3'],
  ] as const
  const filled = people.map(([to, token]) => fill(to, token))
  expect(renders).toBe(1)
  people.forEach(([to, token], index) => expect(withoutParts(filled[index]!)).toEqual(listEmail(to, 'Hello', links, token, [], component)))
  expect(filled[1]!.html).toContain('?token=tokenBo_-2')
  expect(filled[1]!.html).not.toContain('tokenAnn')
})

it('gives an update to each person as updateMail renders it for them, their own unsubscribe in it', () => {
  const fill = updateMailTemplate(update, links)
  for (const [to, token] of [
    ['ann@example.com', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'],
    ['bo@example.com', 'B-b_0123456789abcdefghijklmnopqrstuvwxyzABCD'],
  ])
    expect(withoutParts(fill(to!, token!))).toEqual(updateMail(to!, update, links, token!))
  expect(fill('bo@example.com', 'tok-bo').headers?.['List-Unsubscribe']).toBe('<https://api.stridehealth.example/api/waitlist/unsubscribe?token=tok-bo>')
})
