// What the console's API says about updates to the list (server/features/updates/, issue 31's "Writing") and the
// console will read: one description for both sides. An update is written in the console as a draft (a subject, a
// preheader and a body in Markdown), previewed, and sent as a test to the team member who asks; sending it to the
// list comes later.

/** How long each part of an update may be, in characters. A subject longer than about 80 is cut by most inboxes;
 * the limits only keep a slip of the paste from storing a book. */
export const updateLimits = { subject: 150, preheader: 200, body: 20_000 } as const

/** What the team writes: every field is sent whole on each save. */
export type UpdateInput = { subject: string; preheader: string; body: string }

/** A draft as the console reads it. */
export type UpdateDraft = UpdateInput & { id: number; createdBy: string; createdAt: string; updatedBy: string; updatedAt: string }
/** A draft in the list: enough to choose one. */
export type UpdateSummary = Pick<UpdateDraft, 'id' | 'subject' | 'updatedBy' | 'updatedAt'>

/** GET /updates: the drafts, the last edited first. */
export type UpdatesReply = { updates: UpdateSummary[] }
/** GET /updates/:id, and the answer to a save. */
export type UpdateReply = { update: UpdateDraft }
/** GET /updates/:id/preview: the email as it would be sent, both parts. `html` honours the reader's colour scheme
 * (prefers-color-scheme), as every email does; `darkHtml` is the same email painted dark whatever the scheme, as
 * Apple Mail paints it in dark mode, so the console can show both side by side. */
export type UpdatePreview = { subject: string; preheader: string; html: string; darkHtml: string; text: string }
/** POST /updates/:id/test: the test goes to the signed-in team member's own address, and to no other; `queued`
 * is false when one of this draft for them was still on its way, which then carries the latest words. */
export type UpdateTestReply = { to: string; queued: boolean }

/** Why a save or a test was refused, as the reply's `code`: a field is missing or too long (400), a link is
 * neither https: nor mailto: (400, the reply names it in `link`), the Markdown has an image (400: an image is
 * fetched when the email is opened, which would tell us who read it), or there is no such draft (404). */
export type UpdateRefusal = 'invalid' | 'link-not-allowed' | 'image' | 'not-found'

/** The rule the console shows beside the editor, and the server's refusal repeats. */
export const updateLinkRule = 'Links must start with https: or mailto:.'
