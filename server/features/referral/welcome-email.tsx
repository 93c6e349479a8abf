// You're in line: sent once, at a person's first confirmation. It gives them the private link to their place
// in line (server/features/referral/place-page.tsx), which only reads, and their share link. Nothing that advertises,
// and no tracking: the links are the only thing in it that reaches us.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle, UrlLink } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

export type WelcomeEmailProps = {
  firstName: string
  /** The private "your place" page, with this person's token. */
  placeUrl: string
  /** Their share link (/?ref=CODE). */
  shareUrl: string
  unsubscribeUrl: string
  /** How long placeUrl works, in words: inWords(placeLinkLifetimeMs), never typed in. */
  placeLinkLifetime: string
  /** How many places a confirmed friend moves them up (PLACE_BOOST). */
  boostPlaces: number
}

export const welcomeSubject = `You're in line at ${brand.companyName}`

export function WelcomeEmail({ firstName, placeUrl, shareUrl, unsubscribeUrl, placeLinkLifetime, boostPlaces: boost }: WelcomeEmailProps) {
  return (
    <EmailLayout
      preheader={`Your email is confirmed and you have a place in line for ${brand.companyName}. Your private link to it works for ${placeLinkLifetime}.`}
      sentBecause={`Sent by ${brand.legalName} because this address was confirmed on the waitlist at ${new URL(brand.siteUrl).hostname}.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        {firstName ? `Hi ${firstName},` : 'Hi,'}
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Thank you for confirming. You are on the {brand.companyName} waitlist now, with a place in line of your own, and we will write when early access opens.
      </Text>
      <ActionLink label="See your place in line" url={placeUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        This link is yours alone, so please do not forward it. It works for {placeLinkLifetime}, and opening it only shows your place: it changes nothing.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Want to move up? Share this link with friends: <UrlLink url={shareUrl} />
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Each friend who joins through it and confirms their email moves you up {boost} {boost === 1 ? 'place' : 'places'}. We never tell them who invited them.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Changed your mind about our emails? The unsubscribe link at the end of this email stops them, and you keep your place in line.
      </Text>
    </EmailLayout>
  )
}
