// The sentences the request forms show, written out word for word (docs/product-rules.md#messages): the tests
// compare with these, never with the constants the code uses, so a changed sentence turns them red. The em
// dash and the ellipsis are single characters.
export const formWords = {
  INVALID: 'Please enter a valid email address.',
  SUBMITTING: 'Submitting…',
  SUCCESS: "You're on the waitlist! Reach out to us at hello@stridehealth.example if you want to get in touch.",
  NETWORK: 'Network issue—please check your connection and try again.',
  NO_MESSAGE: 'Something went wrong. Please try again in a moment.',
  MAILTO: "Your email app should open. If it doesn't, please use the email link.",
} as const
