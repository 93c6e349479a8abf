// An update to the list (issue 31): the words the team wrote in the console, in the frame every email shares
// (platform/mail/email-layout.tsx: the preheader, both colour schemes, who sent it and why). No tracking: the
// email has no image and no pixel, and its links are the ones the team wrote, never rewritten to pass through us.
import { EmailLayout } from '../../platform/mail/email-layout'

export type UpdateEmailProps = {
  preheader: string
  /** The body as update-markdown.ts renders it: escaped text and allowed links only. */
  bodyHtml: string
  sentBecause: string
  unsubscribeUrl?: string
}

export function UpdateEmail({ preheader, bodyHtml, sentBecause, unsubscribeUrl }: UpdateEmailProps) {
  return (
    <EmailLayout preheader={preheader} sentBecause={sentBecause} unsubscribeUrl={unsubscribeUrl}>
      {/* Set as HTML because it is HTML: markdown-it's, from Markdown with raw HTML off, so the team's text is
          escaped and only its own tags, dressed by update-markdown.ts, are markup. */}
      <div dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </EmailLayout>
  )
}
