// The way back through a list the server pages by keyset (the held referrals, the audit log: shared/console-api.ts).
// A reply names only the page beyond it, so the machines keep the cursors they have followed: the last one asks
// for the page on screen again (a reload), dropping it steps back a page, and none at all is the first page.
export type CursorTrail = readonly string[]

/** The cursor of the page on screen, or null for the first page. */
export const currentCursor = (trail: CursorTrail) => trail.at(-1) ?? null
/** The trail after following `cursor` to the page beyond. */
export const followed = (trail: CursorTrail, cursor: string | null): CursorTrail => (cursor === null ? trail : [...trail, cursor])
/** The trail one page back. */
export const steppedBack = (trail: CursorTrail): CursorTrail => trail.slice(0, -1)
