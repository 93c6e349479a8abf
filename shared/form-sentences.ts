// The two sentences of the endpoint that the waitlist form also says by itself: the welcome (built for the form's
// contact address) and the address rule's. Written here, apart from the rest of messages.ts, which lists them with
// every other reply: the form's script is loaded by every page with a form, and carries these two sentences only,
// while the endpoint's other replies travel with the pages that show them.

/** The welcome after a signup, naming the address to write to: the endpoint's reply and the form's green line. */
export const successMessage = (contactEmail: string) => `You're on the waitlist! Reach out to us at ${contactEmail} if you want to get in touch.`

/** The address rule's sentence: the browser's check and the server's stricter one say the same. */
export const invalidEmailMessage = 'Please enter a valid email address.'
