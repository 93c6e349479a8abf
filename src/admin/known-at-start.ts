// What the console's script found already answered as it started (main.tsx), kept for the one view that shows it
// first: the Overview's figures, taken once, so that the Overview draws them in its first frame instead of drawing
// "Loading the figures…" and asking for an answer already in the page. Any later visit to the Overview asks.
import type { ConsoleSummary } from '../../shared/console-api'

let figures: ConsoleSummary | undefined

export const keepFigures = (summary: ConsoleSummary) => void (figures = summary)

/** The figures kept at the start, once; undefined after, and when none were kept. */
export function takeFigures(): ConsoleSummary | undefined {
  const taken = figures
  figures = undefined
  return taken
}
