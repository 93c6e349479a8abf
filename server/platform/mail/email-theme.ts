// The emails' colours: the site's palettes (src/ui/theme.ts), the few pairs an email uses, copied because the
// server may not import the site (a test holds them equal). Light is written inline, where every client
// reads it; dark is a `prefers-color-scheme` sheet for the clients that honour one (Apple Mail, iOS, Outlook
// for Mac), plus Outlook.com's own dark-mode attributes. Every text pair is AA (4.5:1) or better in both;
// test/server/platform/mail/email-content.test.ts computes the ratios.
export const emailPalettes = {
  light: { background: '#ffffff', ink: '#14211f', inkMuted: '#3f4f4c', link: '#0b5c55', button: '#0b5c55', onButton: '#ffffff', line: '#d3dedb' },
  dark: { background: '#0e1615', ink: '#e7efed', inkMuted: '#b5c4c1', link: '#63d3c5', button: '#63d3c5', onButton: '#05241f', line: '#2e403c' },
} as const

export const emailFont = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"

/** The class each part carries, so the dark sheet can repaint it. */
export const emailClass = { body: 'email-body', ink: 'email-ink', muted: 'email-muted', link: 'email-link', button: 'email-button', line: 'email-line' } as const

const dark = emailPalettes.dark
/** The dark repaint, each rule under the selector prefix that switches colours or backgrounds on. */
const repaint = (color: string, background: string) =>
  [
    `${background}.${emailClass.body}{background-color:${dark.background}!important}`,
    `${color}.${emailClass.ink}{color:${dark.ink}!important}`,
    `${color}.${emailClass.muted}{color:${dark.inkMuted}!important}`,
    `${color}.${emailClass.link}{color:${dark.link}!important}`,
    `${background}.${emailClass.button}{background-color:${dark.button}!important}`,
    `${color}.${emailClass.button}{color:${dark.onButton}!important}`,
    `${color}.${emailClass.line}{border-color:${dark.line}!important}`,
  ].join('')

/** The head's style sheet: both schemes are supported, and the dark one is ours rather than a client's guess. */
export const darkModeCss = [
  ':root{color-scheme:light dark;supported-color-schemes:light dark}',
  `@media (prefers-color-scheme:dark){${repaint('', '')}}`,
  // Outlook.com does not answer the media query: it marks the elements it repaints, colours and backgrounds apart.
  repaint('[data-ogsc] ', '[data-ogsb] '),
].join('\n')

/** The email painted dark whatever the reader's scheme, as Apple Mail paints it in dark mode: the dark sheet's
 * rules applied unconditionally. For previews (npm run preview:emails, the console's preview of an update), which
 * show it beside the light one; never for an email that is sent. */
export const paintedDark = (html: string) => html.replace('@media (prefers-color-scheme:dark)', '@media all')
