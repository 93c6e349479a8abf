// The page a visitor lands on after joining with the browser's own form post (no script ran). The sentence
// itself is the endpoint's (shared/form-outcomes.ts), so it matches what the script would have shown.
export const waitlistOutcomePage = {
  joinedTitle: "You're on the waitlist",
  joinedBody: 'Thank you for joining. We will write to you when early access opens.',
  homeLabel: 'Back to the home page',
  problemTitle: "We couldn't add you yet",
  problemBody: "Please try again below. Your browser's Back button also returns to the form with what you typed.",
}
