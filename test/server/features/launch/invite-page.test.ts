// @vitest-environment node
// The page behind an invitation's link (issue 22), as the endpoint renders it: a plain form that posts the token
// back to /waitlist/invite and works without a script, a policy that allows its one style (and the claimed page's one
// script, its Copy button) by hash, the site's header, type and palettes in both schemes (issue 47), the link on to
// INVITE_URL, and one page, the same bytes every time, for every link that does not work.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { invitePageCsp, renderInvitation, renderInvitationClaimed, renderInvitationClosed, renderInvitationNotWorking } from '../../../../server/features/launch/invite-page'
import { bodyFont, cssVar, palettes } from '../../../../shared/site-palette'
import { brand } from '../../../../shared/brand'
import { consentPages, invitePagePath } from '../../../../shared/consent-paths'
import { expiresOnWords, inWords } from '../../../../shared/rules'
import { activationCodeLifetimeMs } from '../../../../shared/api-keys'
import { pageText } from '../../../utils/page-text'

const siteUrl = 'https://stridehealth.example'
const token = 'In'.repeat(22).slice(0, 43)
const expiresAt = new Date('2026-12-08T12:00:00Z')
const inviteUrl = 'https://testflight.apple.com/join/AbCdEfGh'

const invitation = renderInvitation({ firstName: 'Val', expiresAt }, token, siteUrl)
const code = '7K2P-9XQD-M4TB-3HVC'
const codeEndsAt = new Date('2026-12-27T12:00:00Z')
const claimed = renderInvitationClaimed({ code, expiresAt: codeEndsAt }, inviteUrl, siteUrl)
const pages = [
  ['the invitation', invitation],
  ['the claimed invitation', claimed],
  ['the link that does not work', renderInvitationNotWorking(siteUrl)],
  ['invitations not open yet', renderInvitationClosed(siteUrl)],
] as const

const directive = (csp: string, name: string) => csp.split('; ').find((part) => part.startsWith(`${name} `))

describe.each(pages)('%s', (_, html) => {
  it('is one page in English with one heading in its main landmark, and no script but the Copy button of the code', () => {
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/)
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1)
    expect(html).toMatch(/<main>[\s\S]*<h1>[\s\S]*<\/main>/)
    expect(html).not.toMatch(/\son[a-z]+=|javascript:/i)
    expect(html.match(/<script/g) ?? []).toHaveLength(html === claimed ? 1 : 0)
  })

  it("wears the site's header: a banner landmark with the brand, leading to the site", () => {
    // A <header> outside <main> is the page's banner landmark.
    expect(html).toMatch(new RegExp(`<body><header><div><a class="brand" href="${siteUrl}"><svg [^>]*aria-hidden="true"[\\s\\S]*?</svg>${brand.companyName}</a></div></header><main>`))
  })

  it('is never indexed and never sends its address on as a Referer', () => {
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(html).toContain('<meta name="referrer" content="no-referrer"/>')
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>')
  })

  it("is allowed its inline style and script by their own hashes, and nothing else", () => {
    const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!)
    expect(styles).toHaveLength(1)
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
    const csp = invitePageCsp()
    expect(directive(csp, 'style-src')).toBe(`style-src ${hash(styles[0]!)}`)
    const script = /<script>([\s\S]*?)<\/script>/.exec(claimed)![1]!
    expect(directive(csp, 'script-src')).toBe(`script-src ${hash(script)}`)
    expect(directive(csp, 'default-src')).toBe("default-src 'none'")
    expect(html).not.toMatch(/\sstyle="/)
  })

  it("paints with the site's type and palettes, light and dark (their contrast is the site's, checked in its tests)", () => {
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!
    const site: string[] = [...Object.values(palettes.light), ...Object.values(palettes.dark)]
    for (const [colour] of style.matchAll(/#[0-9a-f]{3,8}\b/gi)) expect(site, colour).toContain(colour)
    // Both schemes carry every colour the site's pages carry, under the same names.
    const light = /^:root\{color-scheme:light dark;([^}]*)\}/.exec(style)![1]!
    for (const [token, colour] of Object.entries(palettes.light)) expect(light).toContain(`${cssVar(token as keyof typeof palettes.light)}:${colour}`)
    const dark = /@media \(prefers-color-scheme:dark\)\{:root\{([^}]*)\}\}/.exec(style)![1]!
    for (const [token, colour] of Object.entries(palettes.dark)) expect(dark).toContain(`${cssVar(token as keyof typeof palettes.dark)}:${colour}`)
    expect(style).toContain(`body{margin:0;font-family:${bodyFont};font-size:1.0625rem;line-height:1.6;color:var(--color-ink);background:var(--color-surface)}`)
    expect(style).toContain(':focus-visible{outline:3px solid var(--color-focus)')
  })
})

describe('the invitation', () => {
  const text = pageText(invitation)

  it('posts the token back to /waitlist/invite from one button, and changes nothing until then', () => {
    expect(invitePagePath).toBe('/waitlist/invite')
    const forms = [...invitation.matchAll(/<form [^>]*>[\s\S]*?<\/form>/g)].map((match) => match[0])
    expect(forms).toHaveLength(1)
    const opening = /^<form [^>]*>/.exec(forms[0]!)![0]
    expect(opening).toContain('method="post"')
    expect(opening).toContain(`action="${invitePagePath}"`)
    expect(forms[0]).toContain(`<input type="hidden" name="token" value="${token}"/>`)
    expect(forms[0]!.match(/<button/g)).toHaveLength(1)
    expect(forms[0]).toContain('<button type="submit">Claim my early access</button>')
    expect(text).toContain('nothing changes until you press the button')
  })

  it('names the coach, the person and the day it ends, and says the link then stops working', () => {
    expect(text).toContain(`Val, your early access to ${brand.coachName} is ready`)
    expect(text).toContain(`This invitation is yours until ${expiresOnWords(expiresAt)}.`)
    expect(text).toMatch(/takes you on to the next step, .*This link then stops working/)
    expect(pageText(renderInvitation({ firstName: '', expiresAt }, token, siteUrl))).toContain(`Your early access to ${brand.coachName} is ready`)
  })

  it('says how to stop emails and links to erasure on the site', () => {
    expect(text).toContain('use the unsubscribe link at the end of any email from us')
    expect(invitation).toContain(`href="${siteUrl}${consentPages.erase}"`)
  })
})

describe("the pages' policy", () => {
  it('allows the form to post here and nowhere else: the claim answers with a page, never a redirect', () => {
    expect(directive(invitePageCsp(), 'form-action')).toBe("form-action 'self'")
  })

  it('forbids framing and a base that would move the form', () => {
    const csp = invitePageCsp()
    expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive(csp, 'base-uri')).toBe("base-uri 'none'")
  })
})

describe('the link that does not work', () => {
  it('is the same bytes whatever the cause, since it is never told one: it tells nobody who is listed', () => {
    expect(renderInvitationNotWorking).toHaveLength(1)
    const page = renderInvitationNotWorking(siteUrl)
    for (let index = 0; index < 3; index++) expect(renderInvitationNotWorking(siteUrl)).toBe(page)
    expect(page).not.toContain('token')
  })

  it('says it was used or has expired, where a claimer carries on, and whom to ask to send it again', () => {
    const text = pageText(renderInvitationNotWorking(siteUrl))
    expect(text).toMatch(/used already, or the invitation has expired/)
    expect(text).toContain('carry on from the page the link sent you to')
    expect(text).toContain(`can send it again: write to ${brand.contactEmail}`)
    expect(renderInvitationNotWorking(siteUrl)).toContain(`href="mailto:${brand.contactEmail}"`)
  })
})

describe('invitations not open yet', () => {
  it('says nothing changed and the link still works later', () => {
    const text = pageText(renderInvitationClosed(siteUrl))
    expect(text).toContain('Invitations are not open yet')
    expect(text).toContain('Nothing has changed and your link has not been used up: please try it again later.')
    expect(renderInvitationClosed).toHaveLength(1)
  })
})

describe('the claimed invitation', () => {
  const text = pageText(claimed)

  it('shows the activation code once, says how long it works from the rule the code uses, and links on to INVITE_URL', () => {
    expect(text).toContain(code)
    expect(inWords(activationCodeLifetimeMs)).toBe('30 days')
    expect(text).toContain(`It works once, for ${inWords(activationCodeLifetimeMs)} (until ${expiresOnWords(codeEndsAt)}).`)
    expect(text).toContain('this page is the only place it is shown')
    expect(claimed).toContain(`<a class="next" href="${inviteUrl}">Get ${brand.coachName}</a>`)
    // Nothing to press twice: the claim is done.
    expect(claimed).not.toContain('<form')
  })
})
