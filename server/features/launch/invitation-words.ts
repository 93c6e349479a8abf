// What a page says to someone a wave has invited (the "your place" page, features/referral/place-page.tsx),
// for each state of their invitation: a heading, a sentence, and the sentence once they have unsubscribed.
// Unsubscribed, they keep the invitation they hold and get no email about it, not even its reminder; joining
// again and confirming brings them back to it (held-invitation.ts).
import { brand } from '../../../shared/brand'

export const invitationWords = {
  heading: {
    invited: (name: string) => `${name}, your invitation is here`,
    claimed: (name: string) => `${name}, you're in`,
    expired: (name: string) => `${name}, your invitation has ended`,
  },
  sentence: {
    invited: 'You reached the front of the line: we have emailed you an invitation to early access. Its button takes you in.',
    claimed: 'You have claimed your invitation to early access. Thank you for waiting with us.',
    expired: `Your invitation to early access ended before it was used. We can send you a new one: write to ${brand.contactEmail}.`,
  },
  unsubscribed: {
    invited: "You've unsubscribed: we won't email you again, not even a reminder. Your invitation stays yours until it ends, and the link in its email still works.",
    claimed: "You've unsubscribed: we won't email you again.",
    expired: "You've unsubscribed: we won't email you again, not even a new invitation, unless you join the waitlist again and confirm your email.",
  },
} as const
