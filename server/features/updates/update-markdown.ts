// The body of an update is Markdown the team writes, read by markdown-it (CommonMark, HTML off). What it may hold
// is decided here, once, for the save and for the render:
// - raw HTML is never rendered: with `html: false` markdown-it writes `<script>` or `<img onerror=…>` out as
//   escaped text, so what the team pastes can only ever be words;
// - every link is https: or mailto: (the WHATWG URL parser reads the scheme, as a browser would: `java\tscript:`
//   is javascript:); anything else (javascript:, data:, http:, a relative path) is refused at save, by name. A
//   bare address with a scheme, or a bare email address, is a link too (linkify), and held to the same rule;
//   a bare domain is left as words;
// - no image: an image in an email is fetched from its server when the email is opened, which is an open pixel
//   by another name (docs/product-rules.md, "Updates to the list").
// A link shows its words alone in the HTML, its address in the link (issue 47: the address repeated after every
// link's words made an update hard to read); the plain text gives the address after the words
// (platform/mail/render-email.ts). Each tag the email shows gets the layout's inline style and the theme's class, so
// the dark sheet repaints it.
import markdownIt, { type Token } from 'markdown-it'
import { linkStyle, paragraphStyle, smallStyle } from '../../platform/mail/email-layout'
import { emailClass, emailPalettes } from '../../platform/mail/email-theme'

const options = { html: false, linkify: true, typographer: false } as const

/** Whether an address may be a link in an update. */
export function isAllowedLink(href: string): boolean {
  try {
    const { protocol } = new URL(href)
    return protocol === 'https:' || protocol === 'mailto:'
  } catch {
    // No scheme (a relative path) or no address at all.
    return false
  }
}

// The finder reads every link and image as the team wrote it (entities decoded, nothing encoded), whatever its
// scheme, so that a refusal names the link they can find in their text. markdown-it's own check would drop a
// javascript: link silently and leave its brackets as text.
const finder = markdownIt('default', options)
finder.linkify.set({ fuzzyLink: false })
finder.validateLink = () => true
finder.normalizeLink = (url) => url

// The renderer keeps markdown-it's encoding of addresses and would turn a link it does not allow into plain text,
// a second fence behind the save's check.
const renderer = markdownIt('default', options)
renderer.linkify.set({ fuzzyLink: false })
renderer.validateLink = isAllowedLink

/** What a body may not hold, the first found: a link of another scheme, or an image, named as written. */
export type MarkdownRefusal = { code: 'link-not-allowed' | 'image'; link: string }

export function refusalIn(markdown: string): MarkdownRefusal | undefined {
  for (const token of finder.parse(markdown, {})) {
    for (const child of token.children ?? []) {
      if (child.type === 'image') return { code: 'image', link: String(child.attrGet('src') ?? '') }
      const href = child.type === 'link_open' ? String(child.attrGet('href') ?? '') : undefined
      if (href !== undefined && !isAllowedLink(href)) return { code: 'link-not-allowed', link: href }
    }
  }
  return undefined
}

const light = emailPalettes.light
const css = (style: Record<string, string | number>) =>
  Object.entries(style)
    .map(([property, value]) => `${property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}:${value}`)
    .join(';')

const text = css(paragraphStyle)
const block = css({ ...paragraphStyle, paddingLeft: '24px' })
const headings: Record<string, string> = {
  h1: css({ ...paragraphStyle, fontSize: '24px', lineHeight: '32px', fontWeight: 700 }),
  h2: css({ ...paragraphStyle, fontSize: '20px', lineHeight: '28px', fontWeight: 700 }),
}
const minorHeading = css({ ...paragraphStyle, fontWeight: 700 })
const mono = "font-family:ui-monospace,Menlo,Consolas,monospace;font-size:14px"

/** The class and inline style each opening tag takes, by markdown-it's token type. */
const looks: Record<string, (token: Token) => { className: string; style: string }> = {
  paragraph_open: () => ({ className: emailClass.ink, style: text }),
  heading_open: (token) => ({ className: emailClass.ink, style: headings[token.tag] ?? minorHeading }),
  bullet_list_open: () => ({ className: emailClass.ink, style: block }),
  ordered_list_open: () => ({ className: emailClass.ink, style: block }),
  blockquote_open: () => ({ className: emailClass.muted, style: css({ ...smallStyle, fontSize: '16px', lineHeight: '24px', paddingLeft: '12px', borderLeft: `3px solid ${light.line}` }) }),
  link_open: () => ({ className: emailClass.link, style: css(linkStyle) }),
  hr: () => ({ className: emailClass.line, style: css({ border: 'none', borderTop: `1px solid ${light.line}`, margin: '24px 0' }) }),
  code_inline: () => ({ className: emailClass.ink, style: mono }),
  code_block: () => ({ className: emailClass.ink, style: `${mono};white-space:pre-wrap` }),
  fence: () => ({ className: emailClass.ink, style: `${mono};white-space:pre-wrap` }),
  table_open: () => ({ className: emailClass.ink, style: css({ ...paragraphStyle, borderCollapse: 'collapse' }) }),
}

function dress(tokens: Token[]): void {
  for (const token of tokens) {
    const look = looks[token.type]?.(token)
    if (look) {
      token.attrSet('class', look.className)
      token.attrSet('style', look.style)
    }
    if (token.children) dress(token.children)
  }
}

// Run after markdown-it's own rules, linkify's included, so every link is seen (a core rule is how markdown-it's
// plugins change what it parsed).
renderer.core.ruler.push('email_looks', (state) => dress(state.tokens))

/** The body as the email's HTML: escaped text, allowed links by their words, each tag dressed for both schemes. */
export const markdownToEmailHtml = (markdown: string): string => renderer.render(markdown)
