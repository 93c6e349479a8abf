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
