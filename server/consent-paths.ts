// Where the consent flows live, shared by the endpoint, the site's pages and the emails. Each link in an
// email opens a page of the site (GET never changes anything: mail scanners prefetch links); the page's
// button POSTs to the API. A page's own no-script form posts back to the page's URL, token included, and the
// endpoint answers that post too when it serves the site (npm start).
export const consentPages = {
  confirm: '/waitlist/confirm',
  unsubscribe: '/waitlist/unsubscribe',
  erase: '/waitlist/erase',
  eraseConfirm: '/waitlist/erase/confirm',
} as const

export const consentApi = {
  confirm: '/api/waitlist/confirm',
  /** Also the RFC 8058 List-Unsubscribe URL (with ?token=): a POST of List-Unsubscribe=One-Click unsubscribes. */
  unsubscribe: '/api/waitlist/unsubscribe',
  erase: '/api/waitlist/erase',
  eraseConfirm: '/api/waitlist/erase/confirm',
} as const

/** Which flow an outcome page belongs to, so the page can say what to do next. */
export type ConsentFlow = 'signup' | 'confirm' | 'unsubscribe' | 'erase'
