// Every email the service sends, built with sample data by the same functions the outbox and the console's
// sign-in call: the email preview (scripts/preview-emails.ts) shows these, and the email tests check each one.
// A new email component (a `*-email.tsx` file anywhere in server/) without a sample here fails test/server/platform/mail/email-content.test.ts.
import { signInPath } from '../server/features/console/sign-in-links'
import { signInMessage, teamInvitationMessage } from '../server/features/console/sign-in-mail'
import { confirmationEmail, erasureEmail } from '../server/features/consent/consent-emails'
import { copyEmail, nothingHeldEmail } from '../server/features/data-copy/copy-emails'
import { invitationEmail, invitationReminderEmail } from '../server/features/launch/launch-emails'
import { welcomeEmail } from '../server/features/referral/referral-emails'
import { updateMail } from '../server/features/updates/update-emails'
import type { OutgoingMail } from '../server/platform/mail/mailer'
import { brand } from '../shared/brand'
import { invitationRules, referralRules } from '../shared/rules'

// Tokens have the real ones' form (43 base64url characters) so the tests' link patterns read them as real.
const sampleToken = (seed: string) => seed.repeat(43).slice(0, 43)
const links = { siteUrl: brand.siteUrl, apiUrl: brand.siteUrl }
const sampleExpiry = new Date(Date.UTC(2026, 11, 8, 12))

export type EmailSample = {
  /** The component's file name (in its feature's folder under server/), without .tsx. */
  component: string
  build: () => OutgoingMail
}

export const emailSamples: EmailSample[] = [
  {
    component: 'confirmation-email',
    build: () => confirmationEmail({ email: 'val@example.com', firstName: 'Val' }, links, { confirm: sampleToken('Cf'), unsubscribe: sampleToken('Un') }),
  },
  {
    component: 'erasure-email',
    build: () => erasureEmail({ email: 'val@example.com' }, links, { erase: sampleToken('Er'), unsubscribe: sampleToken('Un') }),
  },
  {
    component: 'copy-email',
    build: () => copyEmail({ email: 'val@example.com' }, links, { copy: sampleToken('Cp'), unsubscribe: sampleToken('Un') }),
  },
  {
    component: 'nothing-held-email',
    build: () => nothingHeldEmail({ email: 'val@example.com' }, links),
  },
  {
    component: 'welcome-email',
    build: () => welcomeEmail({ email: 'val@example.com', firstName: 'Val' }, links, { place: sampleToken('Pl'), unsubscribe: sampleToken('Un') }, 'abcd2345', referralRules.boostPlaces),
  },
  {
    component: 'invitation-email',
    build: () =>
      invitationEmail({ email: 'val@example.com', firstName: 'Val' }, links, { invite: sampleToken('In'), unsubscribe: sampleToken('Un') }, { expiresAt: sampleExpiry, lifetimeMs: invitationRules.lifetimeMs }),
  },
  {
    component: 'invitation-reminder-email',
    build: () =>
      invitationReminderEmail({ email: 'val@example.com', firstName: 'Val' }, links, { invite: sampleToken('In'), unsubscribe: sampleToken('Un') }, { expiresAt: sampleExpiry, leftMs: invitationRules.reminderBeforeMs }),
  },
  {
    component: 'update-email',
    build: () =>
      updateMail(
        'val@example.com',
        {
          subject: `${brand.coachName} is in the App Store review`,
          preheader: 'Where the app stands a month before launch, and what early access will look like for you.',
          body: [
            '## A month to go',
            '',
            `The app is with Apple for review. Read [what changed since the last beta](${brand.siteUrl}/blog), or see ${brand.siteUrl}/about.`,
            '',
            '- Plans that adapt to your week',
            '- Voice or text check-ins',
            '',
            `Questions? Write to [the team](mailto:${brand.contactEmail}).`,
          ].join('\n'),
        },
        links,
        sampleToken('Un'),
      ),
  },
  {
    component: 'sign-in-email',
    build: () => signInMessage('team@stridehealth.example', `${new URL(signInPath, brand.siteUrl).href}#token=${sampleToken('Si')}`),
  },
  {
    component: 'team-invitation-email',
    build: () => teamInvitationMessage('editor@stridehealth.example', `${new URL(signInPath, brand.siteUrl).href}#token=${sampleToken('Ti')}`, 'editor'),
  },
]
