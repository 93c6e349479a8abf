// @vitest-environment jsdom
// An update's email (issue 31, "Writing"), as the team's Markdown becomes it: raw HTML comes out as escaped text,
// links are https: or mailto: only (anything else is refused at save, by name), the links a reader gets are the
// ones written, each shown once by its words (the address only in the link), the plain text carries the addresses, the preheader leads, and nothing in it
// is fetched when it is opened. The house checks every email meets are in
// test/server/platform/mail/email-content.test.ts, which reads this email's sample too.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkUpdate, updateMessages } from '../../../../server/features/updates/update-draft'
import { renderUpdate, testMail, testSubject, updateMail } from '../../../../server/features/updates/update-emails'
import { paintedDark } from '../../../../server/platform/mail/email-theme'
import { updateLimits } from '../../../../shared/update-rows'

const draft = (body: string) => ({ subject: 'News from Stride', preheader: 'What changed this month, and what comes next for early access.', body })
const rendered = (body: string) => {
  const mail = renderUpdate(draft(body), { kind: 'list' })
  return { ...mail, doc: new DOMParser().parseFromString(mail.html, 'text/html') }
}

describe('raw HTML in the Markdown', () => {
  const body = 'Hello <script>alert(1)</script> and <img src=x onerror="alert(2)"> and <a href="javascript:alert(4)">x</a>.\n\n<div onclick="alert(3)">block</div>'

  it('is saved as it is written, since it is only words', () => {
    expect(checkUpdate(draft(body))).toMatchObject({ ok: true })
  })

  it('comes out escaped, as text: no script, no image, no handler, no link of its own', () => {
    const { html, doc, text } = rendered(body)
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt; and &lt;img src=x onerror=&quot;alert(2)&quot;&gt;')
    expect(html).toContain('&lt;div onclick=&quot;alert(3)&quot;&gt;block&lt;/div&gt;')
    expect(doc.querySelectorAll('script, img, div[onclick], a[href^="javascript"]')).toHaveLength(0)
    expect([...doc.querySelectorAll('*')].flatMap((element) => element.getAttributeNames()).filter((name) => name.startsWith('on'))).toEqual([])
    // The reader sees what was typed.
    expect(doc.body.textContent).toContain('Hello <script>alert(1)</script> and <img src=x onerror="alert(2)">')
    expect(text).toContain('<div onclick="alert(3)">block</div>')
  })
})

describe('links', () => {
  it.each([
    ['javascript:', '[click](javascript:alert(1))', 'javascript:alert(1)'],
    ['javascript: with an entity', '[click](&#106;avascript:alert(1))', 'javascript:alert(1)'],
    ['javascript: with a tab', '[click](<java\tscript:alert(1)>)', 'java\tscript:alert(1)'],
    ['javascript: by reference', '[click][one]\n\n[one]: javascript:alert(1)', 'javascript:alert(1)'],
    ['javascript: autolink', '<javascript:alert(1)>', 'javascript:alert(1)'],
    ['data:', '[page](data:text/html;base64,PHNjcmlwdD4=)', 'data:text/html;base64,PHNjcmlwdD4='],
    ['http:', 'Read [the post](http://stridehealth.example/blog).', 'http://stridehealth.example/blog'],
    ['bare http:', 'Read http://stridehealth.example/blog today.', 'http://stridehealth.example/blog'],
    ['relative', 'See [about](/about).', '/about'],
    ['no scheme', 'See [about](stridehealth.example/about).', 'stridehealth.example/about'],
    ['ftp:', '[file](ftp://files.example/a)', 'ftp://files.example/a'],
  ])('%s is refused at save, naming the link', (_, body, link) => {
    const checked = checkUpdate(draft(`Fine: [ok](https://stridehealth.example).\n\n${body}`))
    expect(checked).toEqual({ ok: false, code: 'link-not-allowed', link, message: `This link is not allowed: ${link}. Links must start with https: or mailto:.` })
  })

  it('refuses an image, which would be fetched when the email is opened: an open pixel by another name', () => {
    const checked = checkUpdate(draft('Look: ![chart](https://cdn.example/pixel.gif)'))
    expect(checked).toMatchObject({ ok: false, code: 'image', link: 'https://cdn.example/pixel.gif' })
    expect(!checked.ok && checked.message).toContain('https://cdn.example/pixel.gif')
  })

  const body = [
    'Read [what changed](https://stridehealth.example/blog/changes?from=email&x=1), see https://stridehealth.example/about,',
    'or write to [the team](mailto:hello@stridehealth.example) or ada@stridehealth.example.',
  ].join('\n')

  it('renders https: and mailto: links exactly as written, each once, by its words: the address only in the link', () => {
    expect(checkUpdate(draft(body))).toMatchObject({ ok: true })
    const { doc } = rendered(body)
    const links = [...doc.querySelectorAll('p a')].map((anchor) => [anchor.textContent, anchor.getAttribute('href')])
    expect(links).toEqual([
      ['what changed', 'https://stridehealth.example/blog/changes?from=email&x=1'],
      ['https://stridehealth.example/about', 'https://stridehealth.example/about'],
      ['the team', 'mailto:hello@stridehealth.example'],
      ['ada@stridehealth.example', 'mailto:ada@stridehealth.example'],
      // The footer's contact link follows, outside the body.
      ['hello@stridehealth.example', 'mailto:hello@stridehealth.example'],
    ])
    // Issue 47: the address is not repeated after the words in what the reader reads.
    const paragraph = doc.querySelector('p a')!.closest('p')!
    expect(paragraph.textContent).toBe('Read what changed, see https://stridehealth.example/about,\nor write to the team or ada@stridehealth.example.')
    expect(doc.body.textContent).not.toContain('changes?from=email')
    expect(doc.body.textContent).not.toContain('(hello@stridehealth.example)')
  })

  it('carries every link in the plain text, as text, once', () => {
    const { text } = rendered(body)
    expect(text).toContain('Read what changed (https://stridehealth.example/blog/changes?from=email&x=1), see https://stridehealth.example/about,')
    expect(text).toContain('or write to the team (hello@stridehealth.example) or ada@stridehealth.example.')
    expect(text.match(/changes\?from=email/g)).toHaveLength(1)
  })

  it('never rewrites a link: no redirect through us, no added parameters', () => {
    const { doc } = rendered(body)
    for (const anchor of doc.querySelectorAll('a')) expect(anchor.getAttribute('href')).toMatch(/^(https:\/\/stridehealth\.example\/(blog\/changes\?from=email&x=1|about)|mailto:(hello|ada)@stridehealth\.example)$/)
  })
})

describe('the email', () => {
  const body = '# A month to go\n\nThe app is with Apple for review.\n\n- one\n- two'

  it('leads with the preheader, hidden in the message and left out of the text', () => {
    const { doc, text } = rendered(body)
    const preheader = doc.body.querySelector('[data-skip-in-text="true"]')
    expect(preheader?.textContent).toContain(draft(body).preheader)
    expect(preheader?.getAttribute('style')).toMatch(/display:none/)
    expect(text).not.toContain(draft(body).preheader)
    expect(text).toContain('The app is with Apple for review.')
  })

  it('has no tracking pixel: nothing in it is loaded when it is opened', () => {
    const { doc, html } = rendered(`${body}\n\nSee https://stridehealth.example.`)
    expect(doc.querySelectorAll('img, picture, video, audio, iframe, object, embed, link[href], script')).toHaveLength(0)
    expect(html).not.toMatch(/url\(|background=|\bsrc=/i)
  })

  it('honours the reader’s colour scheme as every email does, and can be painted dark for the preview', () => {
    const { html, doc } = rendered(body)
    expect(doc.head.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark')
    expect(html).toContain('@media (prefers-color-scheme:dark)')
    // Every tag of the body carries a class the dark sheet repaints.
    for (const element of doc.querySelectorAll('h1, p, ul, a')) expect(element.getAttribute('class'), element.outerHTML).toMatch(/^email-(ink|muted|link)$/)
    const dark = paintedDark(html)
    expect(dark).not.toContain('prefers-color-scheme')
    expect(dark).toContain('@media all{')
  })

  it('to the list: the reader’s unsubscribe in the footer and in the RFC 8058 headers', () => {
    const links = { siteUrl: 'https://stridehealth.example', apiUrl: 'https://api.stridehealth.example' }
    const mail = updateMail('val@example.com', draft(body), links, 'abc')
    expect(mail).toMatchObject({ to: 'val@example.com', subject: 'News from Stride' })
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://api.stridehealth.example/api/waitlist/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
    expect(mail.text).toContain('Unsubscribe: https://stridehealth.example/waitlist/unsubscribe?token=abc')
    expect(mail.text).toContain('asked for news and updates')
  })

  it('as a test: marked so, to the one who asked, with no unsubscribe', () => {
    const mail = testMail('team@company.example', draft(body))
    expect(mail.subject).toBe(testSubject('News from Stride'))
    expect(mail.subject).toBe('[Test] News from Stride')
    expect(mail.headers).toBeUndefined()
    expect(mail.text).toContain('A test of an update, sent from the console to team@company.example')
    expect(mail.text).not.toContain('Unsubscribe:')
  })
})

describe('a draft', () => {
  it.each([
    ['no subject', { subject: '  ', preheader: '', body: '' }, updateMessages.noSubject],
    ['a subject too long', { subject: 'x'.repeat(updateLimits.subject + 1), preheader: '', body: '' }, updateMessages.subjectTooLong],
    ['a preheader too long', { subject: 'Hi', preheader: 'p'.repeat(updateLimits.preheader + 1), body: '' }, updateMessages.preheaderTooLong],
    ['a body too long', { subject: 'Hi', preheader: '', body: 'b'.repeat(updateLimits.body + 1) }, updateMessages.bodyTooLong],
    ['a header in the subject', { subject: 'Hi\r\nBcc: all@example.com', preheader: '', body: '' }, updateMessages.oneLine],
    ['two lines of preheader', { subject: 'Hi', preheader: 'two\nlines', body: '' }, updateMessages.oneLine],
    ['a body that is no text', { subject: 'Hi', preheader: '', body: 7 }, updateMessages.notText],
  ])('with %s is refused in words', (_, fields, message) => {
    expect(checkUpdate(fields)).toEqual({ ok: false, code: 'invalid', message })
  })

  it('keeps its body as written and trims the two one-line parts', () => {
    expect(checkUpdate({ subject: ' Hi ', preheader: ' there ', body: '  text\n' })).toEqual({ ok: true, update: { subject: 'Hi', preheader: 'there', body: '  text\n' } })
  })
})

// docs/product-rules.md states these rules in words; here they are held to the code, as test/docs/product-rules.test.tsx
// holds the others.
describe('the rules as docs/product-rules.md states them', () => {
  const doc = readFileSync('docs/product-rules.md', 'utf8')
  const section = doc.slice(doc.indexOf('## Updates to the list'), doc.indexOf('## Sending email'))

  it('gives the limits the code keeps', () => {
    expect(updateLimits).toEqual({ subject: 150, preheader: 200, body: 20_000 })
    expect(section).toContain('at most 150 and 200 characters')
    expect(section).toContain('(at most 20,000 characters)')
  })

  it('quotes the refusal of a link word for word', () => {
    const link = 'http://stridehealth.example/blog'
    const checked = checkUpdate(draft(`Read [it](${link}).`))
    expect(checked.ok).toBe(false)
    expect(section.replace(/\s*\n\s*/g, ' ')).toContain(`"${!checked.ok && checked.message}"`)
  })
})
