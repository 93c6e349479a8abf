// Confirm your signup (double opt-in). Short, in the brand's name, and with nothing that advertises: a
// confirmation request that promotes is itself unsolicited advertising under German case law (LG Stendal
// 22 S 87/20).
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

export type ConfirmationEmailProps = { firstName: string; confirmUrl: string; unsubscribeUrl: string }

export const confirmationSubject = `Confirm your place on the ${brand.companyName} waitlist`

export function ConfirmationEmail({ firstName, confirmUrl, unsubscribeUrl }: ConfirmationEmailProps) {
  const lifetime = inWords(linkLifetimesMs.confirm)
  return (
    <EmailLayout
      preheader={`One click confirms your place on the ${brand.companyName} waitlist. The link works for ${lifetime}.`}
      sentBecause={`Sent by ${brand.legalName} because this address was entered on ${new URL(brand.siteUrl).hostname}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        {firstName ? `Hi ${firstName},` : 'Hi,'}
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Please confirm that you want to join the {brand.companyName} waitlist. We will only email you about early access.
      </Text>
      <ActionLink label="Confirm my email" url={confirmUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        The link works for {lifetime}. If you did not sign up, ignore this email: without your confirmation we will not write to you.
      </Text>
    </EmailLayout>
  )
}
