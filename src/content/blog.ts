// Copy for the blog's placeholder page.

export const blogPage = {
  title: 'Blog',
  body: "Our blog is coming soon. We'll share what we're learning about coaching, movement and building health technology responsibly, along with news about our launch. Check back soon, or join the waitlist to hear when the first posts go live.",
}
