// One React Email component gives both parts of an email: the HTML, and the plain text converted from that
// same HTML the way render(…, { plainText: true }) converts it (html-to-text with React Email's selectors:
// images and [data-skip-in-text] left out, a link's address written after its words, in brackets, unless the words
// are the address). So the two parts can never say different things. The HTML shows a link by its words alone
// (issue 47: an address repeated after every link made an update hard to read); the plain text, which has no
// links, gives the address.
//
// Two departures from render(), both for the outbox, which renders each email as it sends it:
// - the markup comes from React's synchronous renderer, not render()'s stream: every email component here is
//   synchronous (no Suspense, nothing fetched), so the markup is the same (test/server/platform/mail/email-content.test.ts
//   holds it to render()'s), and the outbox and the console's sign-in build an email in one call;
// - the converter is compiled once, not on every email as toPlainText does (0.09 ms an email instead of 0.55).
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { plainTextSelectors } from '@react-email/render'
import { compile, type FormatCallback } from 'html-to-text'

/** The doctype render() gives every email: the one email clients expect. */
const doctype = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

/** An email's button (ActionLink) reads "Label: address" in the plain text, on a paragraph of its own. */
const actionLink: FormatCallback = (element, walk, builder) => {
  builder.openBlock({ leadingLineBreaks: 2 })
  walk(element.children, builder)
  builder.addInline(`: ${element.attribs?.href ?? ''}`, { noWordTransform: true })
  builder.closeBlock({ trailingLineBreaks: 2 })
}

const toText = compile({
  wordwrap: false,
  selectors: [
    ...plainTextSelectors,
    { selector: 'a[data-action-link]', format: 'actionLink' },
    // "the notes (https://…)": the address once, after the words (an update's links, features/updates/update-markdown.ts).
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true } },
  ],
  formatters: { actionLink },
})

export type RenderedEmail = { html: string; text: string }

export function renderEmail(email: ReactElement): RenderedEmail {
  const html = `${doctype}${renderToStaticMarkup(email)}`
  return { html, text: toText(html) }
}
