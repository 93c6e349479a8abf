// The console's sign-in link, mailed to a team member who asked for it. No unsubscribe: it is sent only on
// request, and only to an address on ADMIN_EMAILS.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

export const signInSubject = `Your sign-in link for the ${brand.companyName} console`

export function SignInEmail({ signInUrl }: { signInUrl: string }) {
  const lifetime = inWords(linkLifetimesMs.signIn)
  return (
    <EmailLayout
      preheader={`Your link to sign in to the ${brand.companyName} waitlist console. It works once, for ${lifetime}.`}
      sentBecause={`Sent by ${brand.legalName} because someone asked on ${new URL(brand.siteUrl).hostname} for a link to sign in to its waitlist console with this address.`}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        Someone (hopefully you) asked to sign in to the {brand.companyName} waitlist console.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Open this link within {lifetime} to sign in. It works once:
      </Text>
      <ActionLink label="Sign in to the console" url={signInUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        If you did not ask for it, ignore this mail: nothing happens without the link.
      </Text>
    </EmailLayout>
  )
}
