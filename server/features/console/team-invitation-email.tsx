// The console's invitation (issue 46): a sign-in link to an address an owner added to the team, in words that
// say who asked and for what role. No unsubscribe: it is sent once per invitation, at a team owner's request.
import { Text } from '@react-email/text'
import { brand } from '../../../shared/brand'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import type { Role } from '../../../shared/team'
import { ActionLink } from '../../platform/mail/action-link'
import { EmailLayout, paragraphStyle } from '../../platform/mail/email-layout'
import { emailClass } from '../../platform/mail/email-theme'

export const teamInvitationSubject = `You are invited to the ${brand.companyName} waitlist console`

export function TeamInvitationEmail({ signInUrl, role }: { signInUrl: string; role: Role }) {
  const lifetime = inWords(linkLifetimesMs.teamInvitation)
  return (
    <EmailLayout
      preheader={`Join the team behind the ${brand.companyName} waitlist, as ${role}. The link works once, for ${lifetime}.`}
      sentBecause={`Sent by ${brand.legalName} because an owner of its waitlist console added this address to the team.`}
    >
      <Text className={emailClass.ink} style={paragraphStyle}>
        You have been added to the team behind the {brand.companyName} waitlist console, with the role {role}.
      </Text>
      <Text className={emailClass.ink} style={paragraphStyle}>
        Open this link within {lifetime} to sign in for the first time. It works once; afterwards, sign in with your
        address on the console's page:
      </Text>
      <ActionLink label="Join the console" url={signInUrl} />
      <Text className={emailClass.ink} style={paragraphStyle}>
        If you did not expect it, ignore this mail: nothing happens without the link.
      </Text>
    </EmailLayout>
  )
}
