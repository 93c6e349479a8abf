// Copy for the small pages: the blog placeholder and the 404 page.

export const blogPage = {
  title: 'Blog',
  body: "Our blog is coming soon. We'll share what we're learning about coaching, movement and building health technology responsibly, along with news about our launch. Check back soon, or join the waitlist to hear when the first posts go live.",
}

export const notFoundPage = {
  title: 'Page Not Found',
  body: "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
  homeLabel: 'Go Home',
  backLabel: 'Go Back',
}

// The page a visitor lands on after joining with the browser's own form post (no script ran). The sentence
// itself is the endpoint's (shared/form-outcomes.ts), so it matches what the script would have shown.
export const waitlistOutcomePage = {
  joinedTitle: "You're on the waitlist",
  joinedBody: 'Thank you for joining. We will write to you when early access opens.',
  homeLabel: 'Back to the home page',
  problemTitle: "We couldn't add you yet",
  problemBody: "Please try again below. Your browser's Back button also returns to the form with what you typed.",
}
