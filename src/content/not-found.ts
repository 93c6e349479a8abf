// Copy for the 404 page. It is part of the app's first load (the root route shows it for any path no route
// matches), so it keeps to itself: each page's copy lives in its own module, which ships with that page's chunk.

export const notFoundPage = {
  title: 'Page Not Found',
  body: "We couldn't find the page you were looking for. It may have moved, or the link may be mistyped.",
  homeLabel: 'Go Home',
  backLabel: 'Go Back',
}
