// Your early access is ready: sent once to each confirmed person a wave invites (issue 22). Its link opens a page
// of the endpoint (server/features/launch/invite-page.tsx) that changes nothing until its button is pressed, since mail
// scanners open every link. It says what early access is and promises nothing more: no price, no date, since
// nothing about either is decided. How long the link works comes in words from the number that ends it. No
// tracking: the links are the only thing in it that reaches us.
import { Text } from '@react-email/text'
import type { ReactNode } from 'react'
import { brand } from '../../../shared/brand'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

/** What the invitation and its reminder (invitation-reminder-email.tsx) are both given. */
export type InvitationLinkProps = {
  firstName: string
  /** The personal claim page (invitePagePath?token=…), on the endpoint's address. */
  inviteUrl: string
  unsubscribeUrl: string
  /** The day it ends, in words: expiresOnWords(expiresAt). */
  expiresOn: string
}

export type InvitationEmailProps = InvitationLinkProps & {
  /** How long inviteUrl works, in words: inWords(lifetimeMs) of the invitation itself, never typed in. */
  lifetime: string
}

export const invitationSubject = `Your early access to ${brand.coachName} is ready`

export function InvitationEmail({ firstName, inviteUrl, unsubscribeUrl, lifetime, expiresOn }: InvitationEmailProps) {
  return (
    <InvitationLayout
      preheader={`You're invited to early access to ${brand.coachName}. Your personal link works for ${lifetime}, until ${expiresOn}.`}
      firstName={firstName}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        It's your turn: you're invited to early access to {brand.coachName}, the AI health and exercise coach from {brand.companyName}. Early access means you
        can use {brand.coachName} on {brand.launch.platform} before it opens to everyone.
      </Text>
      <ActionLink label="Open my invitation" url={inviteUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        This link is yours alone and works once, so please do not forward it. It works for {lifetime}, until {expiresOn}. Opening it changes nothing: the button
        on the page it opens claims your invitation and takes you on to the next step, where you get the app or sign up.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Not for you, or not now? You can ignore this email: the invitation ends by itself on {expiresOn}, and we will send one reminder before then. To stop all
        our emails, that reminder included, use the unsubscribe link at the end of this email; your invitation still works until it ends.
      </Text>
    </InvitationLayout>
  )
}

type InvitationLayoutProps = Pick<InvitationLinkProps, 'firstName' | 'unsubscribeUrl'> & {
  preheader: string
  children: ReactNode
}

/** The frame the invitation and its reminder share, around their own words: the greeting, and why it was sent. */
export function InvitationLayout({ preheader, firstName, unsubscribeUrl, children }: InvitationLayoutProps) {
  return (
    <EmailLayout
      preheader={preheader}
      sentBecause={`Sent by ${brand.legalName} because this address, confirmed on the waitlist at ${new URL(brand.siteUrl).hostname}, was invited to early access.`}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        {firstName ? `Hi ${firstName},` : 'Hi,'}
      </Text>
      {children}
    </EmailLayout>
  )
}
