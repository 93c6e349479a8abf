// The note that we hold nothing about an address (issue 51): the answer to a request for a copy of one's data from
// an address that is not on the list (or was erased), so that every request gets an email and the reply never says
// which. It goes to nobody on the list: no unsubscribe link.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { EmailLayout, paragraphStyle, UrlLink } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'
import { askedOn } from './copy-email'

export const nothingHeldSubject = `${brand.companyName} holds no waitlist data about this address`

export function NothingHeldEmail({ privacyUrl }: { privacyUrl: string }) {
  return (
    <EmailLayout preheader="You asked for a copy of your data: this address is not on our waitlist." sentBecause={askedOn}>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Hi,
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Someone (hopefully you) asked for a copy of everything the {brand.companyName} waitlist keeps about this address. This address is not on our waitlist, so we hold nothing about it.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        If it was erased from the list, we keep only a one-way fingerprint of it, so that we never email it again. We have forgotten this request too, now that this email is sent. If you did not ask, ignore this email.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        {'What we keep, and why, is in our Privacy Policy: '}
        <UrlLink url={privacyUrl} />
      </Text>
    </EmailLayout>
  )
}
