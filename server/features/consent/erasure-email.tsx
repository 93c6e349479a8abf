// Confirm your erasure: sent in answer to a deletion request, so only the one person who can open the inbox
// can delete what we keep about it.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

export type ErasureEmailProps = { eraseUrl: string; unsubscribeUrl: string }

export const erasureSubject = `Confirm the deletion of your ${brand.companyName} waitlist data`

export function ErasureEmail({ eraseUrl, unsubscribeUrl }: ErasureEmailProps) {
  const lifetime = inWords(linkLifetimesMs.erase)
  return (
    <EmailLayout
      preheader={`Confirm that you want your ${brand.companyName} waitlist data deleted. The link works for ${lifetime}.`}
      sentBecause={`Sent by ${brand.legalName} in answer to a deletion request on ${new URL(brand.siteUrl).hostname}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        Hi,
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Someone (hopefully you) asked us to delete this address and everything we keep with it from the {brand.companyName} waitlist.
      </Text>
      <ActionLink label="Delete my data" url={eraseUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        The link works for {lifetime}. If you did not ask, ignore this email and nothing will change.
      </Text>
    </EmailLayout>
  )
}
