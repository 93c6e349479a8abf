// The copy's two emails (issue 51): the link to a copy of one's data, for an address on the list, and the note
// that we hold nothing, for one that is not. Every address that asks gets one of them, so the request's reply
// never says which.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

export const askedOn = `Sent by ${brand.legalName} in answer to a request for a copy of your data on ${new URL(brand.siteUrl).hostname}.`

export const copySubject = `Your copy of your ${brand.companyName} waitlist data`

export function CopyEmail({ copyUrl, unsubscribeUrl }: { copyUrl: string; unsubscribeUrl: string }) {
  const lifetime = inWords(linkLifetimesMs.copy)
  return (
    <EmailLayout preheader={`Open your copy of everything we keep about this address. The link works once, for ${lifetime}.`} sentBecause={askedOn} unsubscribeUrl={unsubscribeUrl}>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Hi,
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Someone (hopefully you) asked for a copy of everything the {brand.companyName} waitlist keeps about this address. It opens as a page you can read, with a JSON file to download.
      </Text>
      <ActionLink label="See my data" url={copyUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        The link works once, for {lifetime}. Please don't forward it: it shows your data to whoever opens it. If you did not ask, ignore this email.
      </Text>
    </EmailLayout>
  )
}

