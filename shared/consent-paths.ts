// Where the consent flows live, shared by the endpoint, the site's pages and the emails. Each link in an
// email opens a page of the site (GET never changes anything: mail scanners prefetch links); the page's
// button POSTs to the API. A page's own no-script form posts back to the page's URL, token included, and the
// endpoint answers that post too when it serves the site (npm start).
export const consentPages = {
  confirm: '/waitlist/confirm',
  unsubscribe: '/waitlist/unsubscribe',
  erase: '/waitlist/erase',
  eraseConfirm: '/waitlist/erase/confirm',
  /** Ask for a copy of one's own data (issue 51): the address, then a link by email. */
  copy: '/waitlist/copy',
} as const

/** The private "your place" page behind the welcome email's link (?token=…), served by the endpoint itself
 * (server/features/referral/place-page.tsx): never in the sitemap, never indexed. */
export const placePagePath = '/waitlist/place'

/** The pages behind the links in our emails: the link's token is in their address (?token=…). */
export const tokenPageActions = ['confirm', 'unsubscribe', 'eraseConfirm'] as const satisfies readonly (keyof typeof consentPages)[]
export const tokenPagePaths: readonly string[] = /* @__PURE__ */ tokenPageActions.map((action) => consentPages[action])

/** Their referrer policy, sent as a header (security-headers.ts) and written in their head for hosts that send
 * none: no request they make (an asset, the API, a link followed) carries a Referer. A browser then sends their
 * posts with `Origin: null`, which the endpoint accepts for the link actions only (server/features/consent/consent-routes.ts). */
export const tokenPageReferrerPolicy = 'no-referrer'

export const consentApi = {
  confirm: '/api/waitlist/confirm',
  /** Also the RFC 8058 List-Unsubscribe URL (with ?token=): a POST of List-Unsubscribe=One-Click unsubscribes. */
  unsubscribe: '/api/waitlist/unsubscribe',
  erase: '/api/waitlist/erase',
  eraseConfirm: '/api/waitlist/erase/confirm',
  /** Ask for a link to a copy of one's own data (`{"email"}`): the reply is the same for every address. */
  copy: '/api/waitlist/copy',
  /** A choice of news and updates (`{"token","news":"on"|"off"}`), with the token the confirmation's reply, the
   * last choice's reply or the "your place" page handed over. */
  news: '/api/waitlist/news',
} as const

/** The page behind a copy's link (?token=…), served by the endpoint (server/features/data-copy/copy-page.tsx):
 * opening it changes nothing; its button posts back here, uses the link, and answers with the copy. */
export const copyPagePath = '/waitlist/your-data'
/** Where the copy's page posts for its JSON download, with the token the page hands over (an hour long). */
export const copyFilePath = '/waitlist/your-data/file'

/** Which flow an outcome page belongs to, so the page can say what to do next. */
export type ConsentFlow = 'signup' | 'confirm' | 'unsubscribe' | 'erase' | 'news' | 'copy'

/** The page behind an invitation's link (?token=…), served by the endpoint (server/features/launch/invite-page.tsx).
 * Opening it changes nothing; its button posts back here, claims the invitation and goes on to INVITE_URL. */
export const invitePagePath = '/waitlist/invite'
