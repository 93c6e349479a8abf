// One way the console writes a moment (issue 47): `2026-12-01 21:43 UTC`, in every table and sentence, whatever the
// browser's language or zone. The team compares times across tables, the audit log and the server's logs, which are
// in UTC; one format read the same by everyone on the team beats each reader's own.

/** A moment as the console shows it, to the minute, in UTC: `2026-12-01 21:43 UTC`. */
export function consoleTime(iso: string): string {
  const moment = new Date(iso)
  // An unreadable value is shown as it came rather than as "Invalid Date".
  if (Number.isNaN(moment.getTime())) return iso
  return `${moment.toISOString().slice(0, 16).replace('T', ' ')} UTC`
}
