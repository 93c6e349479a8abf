// The one thing an email asks the reader to do: a button, and the same address as a link to paste. The plain
// text shows the button as "Label: address" (server/platform/mail/render-email.ts) and leaves out the paste line, which
// would only repeat it.
import { Button } from '@react-email/button'
import { Text } from '@react-email/text'
import { emailClass, emailPalettes } from './email-theme'
import { smallStyle, UrlLink } from './email-layout'

const light = emailPalettes.light

export function ActionLink({ label, url }: { label: string; url: string }) {
  return (
    <>
      <Text style={{ margin: '24px 0' }}>
        <Button
          href={url}
          data-action-link="true"
          className={emailClass.button}
          style={{ display: 'inline-block', padding: '12px 20px', backgroundColor: light.button, color: light.onButton, fontSize: '16px', fontWeight: 600, textDecoration: 'none', borderRadius: '8px' }}
        >
          {label}
        </Button>
      </Text>
      <Text className={emailClass.muted} style={smallStyle} data-skip-in-text="true">
        Or paste this link into your browser:
        <br />
        <UrlLink url={url} />
      </Text>
    </>
  )
}
