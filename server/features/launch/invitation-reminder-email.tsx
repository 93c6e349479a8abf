// The one reminder of an invitation (issue 22), a few days before it ends, to someone who has not claimed it,
// unsubscribed or been erased. It says that it is the only one, so it is not the first of a series, and when
// the invitation ends, in words from the numbers that end it.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { ActionLink } from '../../platform/mail/action-link'
import { paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'
import { InvitationLayout, type InvitationLinkProps } from './invitation-email'

export type InvitationReminderEmailProps = InvitationLinkProps & {
  /** How long the invitation has left, in words (inWords), never typed in. */
  left: string
}

export const invitationReminderSubject = `Your ${brand.coachName} early access invitation ends soon`

export function InvitationReminderEmail({ firstName, inviteUrl, unsubscribeUrl, left, expiresOn }: InvitationReminderEmailProps) {
  return (
    <InvitationLayout
      preheader={`Your invitation to early access to ${brand.coachName} ends in ${left}, on ${expiresOn}. This is the only reminder.`}
      firstName={firstName}
      unsubscribeUrl={unsubscribeUrl}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        You're invited to early access to {brand.coachName}, the AI health and exercise coach from {brand.companyName}: you can use it on{' '}
        {brand.launch.platform} before it opens to everyone. Your invitation has not been claimed yet, and it ends in {left}, on {expiresOn}.
      </Text>
      <ActionLink label="Open my invitation" url={inviteUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        This link is yours alone and works once, so please do not forward it. Opening it changes nothing: the button on the page it opens claims your invitation
        and takes you on to the next step, where you get the app or sign up.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        This is the only reminder we will send. If you would rather not join now, ignore this email: the invitation simply ends on {expiresOn}. To stop all our
        emails, use the unsubscribe link at the end of this email.
      </Text>
    </InvitationLayout>
  )
}
