// What the console's script found already answered as it started (main.tsx), kept for the one view that shows it
// first: the Overview's figures, taken once, so that the Overview draws them in its first frame instead of drawing
// "Loading the figures…" and asking for an answer already in the page. Any later visit to the Overview asks.
// On the server, the first view's drawing (first-view-server.tsx) gives each drawing its figures through a context
// instead: one module's variable would be shared by the drawings of two members at once.
import { createContext } from 'react'
import type { ConsoleSummary } from '../../shared/console-api'
import { firstViewDataId, type FirstView } from '../../shared/console-pages'

let figures: ConsoleSummary | undefined

export const keepFigures = (summary: ConsoleSummary) => void (figures = summary)

/** The figures kept at the start, once; undefined after, and when none were kept. */
export function takeFigures(): ConsoleSummary | undefined {
  const taken = figures
  figures = undefined
  return taken
}

/** The figures a drawing on the server was given, for the Overview it draws. */
export const GivenFigures = createContext<ConsoleSummary | undefined>(undefined)

/** What the server drew the page's first view from, when it did (first-view-server.tsx): the data block it put in the
 * page. Its styles are removed once React has drawn over it (console-app.tsx). */
export function drawnFirstView(): FirstView | undefined {
  const data = document.getElementById(firstViewDataId)?.textContent
  if (!data) return undefined
  try {
    return JSON.parse(data) as FirstView
  } catch {
    return undefined
  }
}
