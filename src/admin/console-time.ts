// Every time the console shows, in one format (issue 47: one table read `12/1/2026, 9:41:25 PM`, another
// `2026-12-01 21:43 UTC`): the stored UTC time to the minute, said to be UTC, the same in every browser and locale.

/** `2026-12-01 21:43 UTC` for a stored time (ISO 8601); what it was given when it is not one. */
export function consoleTime(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const text = date.toISOString()
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`
}

/** consoleTime, or `none` for a time that has not happened. */
export const consoleTimeOr = (iso: string | null, none: string) => (iso === null ? none : consoleTime(iso))
