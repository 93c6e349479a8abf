// @vitest-environment jsdom
// Every email the service sends, checked the way a mail team checks one: the inbox preview starts with a
// preheader, both colour schemes are declared and read well, every address in the HTML is a link (and a link
// shows its address only where its words are the address: issue 47), every link is in the plain text too, replies reach a person, and a footer says who sent it and why. The emails
// come from scripts/email-samples.ts, the same builders the outbox and the console call, and the guard below
// fails when an email component has no sample.
import { readdirSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { createElement } from 'react'
import { render } from '@react-email/render'
import { describe, expect, it } from 'vitest'
import { emailSamples } from '../../../../scripts/email-samples'
import { ConfirmationEmail } from '../../../../server/features/consent/confirmation-email'
import { ErasureEmail } from '../../../../server/features/consent/erasure-email'
import { darkModeCss, emailPalettes } from '../../../../server/platform/mail/email-theme'
import { SignInEmail } from '../../../../server/features/console/sign-in-email'
import { WelcomeEmail } from '../../../../server/features/referral/welcome-email'
import { composeMessage } from '../../../../server/platform/mail/mailer'
import { renderEmail } from '../../../../server/platform/mail/render-email'
import { brand } from '../../../../shared/brand'
import { consentApi, consentPages, placePagePath } from '../../../../shared/consent-paths'
import { inWords, placeLinkLifetimeMs, referralRules } from '../../../../shared/rules'
import { palettes } from '../../../../src/ui/theme'

const emails = emailSamples.map(({ component, build }) => {
  const mail = build()
  return { component, mail, doc: new DOMParser().parseFromString(mail.html, 'text/html') }
})
const cases = emails.map((email) => [email.component, email] as const)
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()
/** A paragraph as the plain text says it: a link whose words are not its address is followed by the address in
 * brackets (server/platform/mail/render-email.ts), since the plain text has no links. */
function asPlainText(paragraph: Element): string {
  const copy = paragraph.cloneNode(true) as Element
  for (const anchor of copy.querySelectorAll('a:not([data-action-link])')) {
    const address = (anchor.getAttribute('href') ?? '').replace(/^mailto:/, '')
    if (anchor.textContent !== address) anchor.after(` (${address})`)
  }
  return copy.textContent ?? ''
}
const urlPattern = /https?:\/\/[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g

const preheaderOf = (doc: Document) => doc.body.querySelector<HTMLElement>('[data-skip-in-text="true"]:not(p)')

/** The text nodes a reader sees in the body: all but the hidden preheader's. */
function visibleTexts(doc: Document): Text[] {
  const preheader = preheaderOf(doc)
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT)
  const texts: Text[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!preheader?.contains(node)) texts.push(node as Text)
  return texts
}

describe('every email', () => {
  it('has a sample, so the preview and these tests see it', () => {
    const components = readdirSync(resolve('server'), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('-email.tsx')).map((file) => basename(file))
    expect(emailSamples.map((sample) => `${sample.component}.tsx`).sort()).toEqual(components.sort())
  })

  it.each(cases)('%s opens with a preheader: the inbox preview is a sentence about the email, not its first lines', (_, { doc, mail }) => {
    const preheader = preheaderOf(doc)
    expect(preheader, 'no preheader').not.toBeNull()
    expect(preheader!.parentElement).toBe(doc.body)
    const words = squash(preheader!.firstChild?.textContent ?? '')
    expect(words.length).toBeGreaterThan(30)
    expect(words).not.toMatch(/^(Hi\b|Stride Health Hi|Someone)/)
    // It is what the inbox shows first (it comes before all other text), hidden in the message, absent from the text part.
    expect(squash(doc.body.textContent ?? '').startsWith(words)).toBe(true)
    expect(preheader!.getAttribute('style')).toMatch(/display:none/)
    expect(mail.text).not.toContain(words)
  })

  it.each(cases)('%s declares both colour schemes and repaints every coloured part in the dark one', (_, { doc, mail }) => {
    expect(doc.head.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('light dark')
    expect(doc.head.querySelector('meta[name="supported-color-schemes"]')?.getAttribute('content')).toBe('light dark')
    const sheet = doc.head.querySelector('style')?.textContent ?? ''
    const dark = /@media \(prefers-color-scheme:dark\)\{(.*?\})\}/.exec(sheet)?.[1] ?? ''
    const classes = new Set([...mail.html.matchAll(/class="([^"]+)"/g)].flatMap((match) => match[1]!.split(' ')))
    expect(classes.size).toBeGreaterThan(0)
    for (const name of classes) expect(dark, `.${name} in the dark sheet`).toContain(`.${name}{`)
  })

  it.each(cases)('%s makes every address in its HTML a link, and never repeats a link as its address after its words', (_, { doc }) => {
    for (const text of visibleTexts(doc))
      for (const [address] of (text.textContent ?? '').matchAll(urlPattern)) {
        const link = text.parentElement?.closest('a')
        const href = link?.getAttribute('href')
        expect(href, `${address} is not inside a link`).toBe(address.includes('://') ? address : `mailto:${address}`)
        // An address on show is a link's own words, never a copy of the link before it (issue 47).
        expect(link?.textContent, `${address} is written after a link's words`).toBe(address)
      }
    for (const anchor of doc.querySelectorAll('a')) expect(anchor.getAttribute('href')).toMatch(/^(https:\/\/|mailto:)/)
  })

  it.each(cases)('%s carries every link in its plain text too', (_, { doc, mail }) => {
    expect(mail.links.length).toBeGreaterThan(0)
    for (const { url } of mail.links) {
      expect(mail.text).toMatch(new RegExp(`(^|\\s)${url.replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')}(\\s|$)`))
      expect(doc.querySelector(`a[href="${url}"]`), url).not.toBeNull()
    }
    for (const anchor of doc.querySelectorAll('a')) expect(mail.text).toContain(anchor.getAttribute('href')!.replace(/^mailto:/, ''))
  })

  it.each(cases)('%s says in its plain text what its HTML says: one source', (_, { doc, mail }) => {
    const text = squash(mail.text)
    for (const paragraph of doc.body.querySelectorAll('p:not([data-skip-in-text="true"])')) expect(text).toContain(squash(asPlainText(paragraph)))
  })

  it.each(cases)('%s has no tracking pixel: no image, nothing loaded from a server when it is opened', (_, { doc, mail }) => {
    expect(doc.querySelectorAll('img, picture, video, audio, iframe, object, embed, link[href]')).toHaveLength(0)
    expect(mail.html).not.toMatch(/url\(|background=|\bsrc=/i)
  })

  it.each(cases)('%s is answered by a person: Reply-To is the contact address the footer gives', (_, { mail }) => {
    const message = composeMessage({ mailFrom: `${brand.companyName} <no-reply@stridehealth.example>` }, mail)
    expect(message.replyTo).toBe(brand.contactEmail)
  })

  it.each(cases)('%s ends with a footer naming who sent it, why, and whom to write to', (_, { doc, mail }) => {
    const footer = [...doc.body.querySelectorAll('hr ~ p')]
    expect(footer.length, 'no footer after the rule').toBeGreaterThan(0)
    const words = squash(footer.map((paragraph) => paragraph.textContent).join(' '))
    expect(words).toMatch(new RegExp(`^Sent by ${brand.legalName} (because|in answer to) .{20,}`))
    expect(words).toContain(new URL(brand.siteUrl).hostname)
    expect(footer.some((paragraph) => paragraph.querySelector(`a[href="mailto:${brand.contactEmail}"]`))).toBe(true)
    expect(mail.text).toContain(`Sent by ${brand.legalName}`)
    expect(mail.text).toContain(brand.contactEmail)
  })
})

describe('the one-click unsubscribe', () => {
  // The console's own emails: a sign-in link its member asked for, and an owner's invitation to the team.
  const consoleEmails = ['sign-in-email', 'team-invitation-email']
  // The answer to a request for a copy from an address not on the list: nobody to unsubscribe.
  const toNobodyListed = ['nothing-held-email']
  const withUnsubscribe = emails.filter(({ component }) => !consoleEmails.includes(component) && !toNobodyListed.includes(component))

  it.each(withUnsubscribe.map((email) => [email.component, email] as const))('%s has the RFC 8058 headers and the same unsubscribe as a link in its footer', (_, { doc, mail }) => {
    expect(mail.headers?.['List-Unsubscribe']).toMatch(new RegExp(`^<${brand.siteUrl}${consentApi.unsubscribe}\\?token=[\\w-]{43}>$`))
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    const token = /token=([\w-]{43})/.exec(mail.headers!['List-Unsubscribe']!)![1]
    const page = `${brand.siteUrl}${consentPages.unsubscribe}?token=${token}`
    expect(doc.body.querySelector(`hr ~ p a[href="${page}"]`)?.textContent).toBe(page)
    expect(mail.text).toContain(`Unsubscribe: ${page}`)
  })

  it.each(consoleEmails)('is not offered on the %s, which only a team member receives', (component) => {
    expect(emails.find((email) => email.component === component)!.mail.headers).toBeUndefined()
  })
})

describe('the welcome email', () => {
  const { doc, mail } = emails.find(({ component }) => component === 'welcome-email')!
  const text = squash(mail.text)

  it('links to the private place page on the API, whose token is its own, not the unsubscribe one', () => {
    const button = doc.querySelector('a[data-action-link]')!
    expect(squash(button.textContent ?? '')).toBe('See your place in line')
    const href = button.getAttribute('href')!
    expect(href).toMatch(new RegExp(`^${brand.siteUrl}${placePagePath}\\?token=[\\w-]{43}$`))
    expect(href).not.toContain(/token=([\w-]{43})/.exec(mail.headers!['List-Unsubscribe']!)![1])
  })

  it('says the place link is private, how long it works (from the constant), and that opening it changes nothing', () => {
    expect(text).toContain(`It works for ${inWords(placeLinkLifetimeMs)}`)
    expect(text).toMatch(/do not forward it/)
    expect(text).toMatch(/changes nothing/)
  })

  it('gives the share link as text to copy, what a confirmed friend earns (from the constant), and that friends are not told who invited them', () => {
    const share = `${brand.siteUrl}/?ref=abcd2345`
    expect(doc.querySelector(`a[href="${share}"]`)?.textContent).toBe(share)
    expect(mail.links.map((link) => link.url)).toContain(share)
    expect(text).toContain(`moves you up ${referralRules.boostPlaces} places`)
    expect(text).toMatch(/never tell them who invited them/)
  })

  it('says that unsubscribing keeps the place', () => {
    expect(text).toMatch(/unsubscribe link .* stops them, and you keep your place in line/)
  })
})

describe('colours', () => {
  // WCAG 2's contrast ratio of two #rrggbb colours.
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const contrast = (a: string, b: string) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (light! + 0.05) / (dark! + 0.05)
  }

  it.each(['light', 'dark'] as const)('every text pair reads at AA (4.5:1) or better in the %s scheme', (scheme) => {
    const palette = emailPalettes[scheme]
    for (const ink of [palette.ink, palette.inkMuted, palette.link]) expect(contrast(ink, palette.background)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(palette.onButton, palette.button)).toBeGreaterThanOrEqual(4.5)
  })

  it.each(['light', 'dark'] as const)("are the site's own %s palette", (scheme) => {
    const site = palettes[scheme]
    expect(emailPalettes[scheme]).toEqual({ background: site.surface, ink: site.ink, inkMuted: site.inkMuted, link: site.brand, button: site.brand, onButton: site.onBrand, line: site.line })
  })

  it('paints the dark scheme from the dark palette, for the media query and for Outlook.com alike', () => {
    const [query, outlook] = darkModeCss.split('\n').slice(1)
    for (const colour of Object.values(emailPalettes.dark)) {
      expect(query).toContain(colour)
      expect(outlook).toContain(colour)
    }
  })
})

describe('rendering', () => {
  const elements = [
    createElement(ConfirmationEmail, { firstName: 'Val', confirmUrl: 'https://stridehealth.example/waitlist/confirm?token=a&b=1', unsubscribeUrl: 'https://stridehealth.example/waitlist/unsubscribe?token=b' }),
    createElement(ErasureEmail, { eraseUrl: 'https://stridehealth.example/waitlist/erase/confirm?token=a', unsubscribeUrl: 'https://stridehealth.example/waitlist/unsubscribe?token=b' }),
    createElement(SignInEmail, { signInUrl: 'https://stridehealth.example/admin/sign-in#token=x' }),
    createElement(WelcomeEmail, {
      firstName: 'Val',
      placeUrl: 'https://stridehealth.example/waitlist/place?token=a&b=1',
      shareUrl: 'https://stridehealth.example/?ref=abcd2345',
      unsubscribeUrl: 'https://stridehealth.example/waitlist/unsubscribe?token=b',
      placeLinkLifetime: inWords(placeLinkLifetimeMs),
      boostPlaces: 10,
    }),
  ]

  it.each(elements.map((element) => [element.type.name, element] as const))("gives %s the markup React Email's render() gives it", async (_, element) => {
    // The streaming renderer marks its boundaries with empty comments; the markup is otherwise the same.
    const streamed = (await render(element)).replace(/<!--(?:[\s$/]|html|head|body)*-->/g, '')
    expect(renderEmail(element).html).toBe(streamed)
  })

  it.each(elements.map((element) => [element.type.name, element] as const))("gives %s the plain text React Email's render() gives it, but for the button's colon", async (_, element) => {
    const { html, text } = renderEmail(element)
    const button = new DOMParser().parseFromString(html, 'text/html').querySelector('a[data-action-link]')!
    const [label, href] = [squash(button.textContent ?? ''), button.getAttribute('href')]
    const streamed = await render(element, { plainText: true })
    expect(streamed).toContain(`${label} ${href}`)
    expect(text).toBe(streamed.replace(`${label} ${href}`, `${label}: ${href}`))
  })
})
