// Shapes of the copy the pages render. Copy is data: a change of wording is a change here or in the
// content modules beside this file, never in a component.
import type { IconName } from '../ui/icons'

export interface Card {
  title: string
  body: string
  /** A name from src/ui/icons.ts, shown above the title (decorative: the title says it all). */
  icon?: IconName
}

export interface Step {
  title: string
  body: string
}

export interface PageMeta {
  /** The document <title>. */
  title: string
  /** The meta description, 70–160 characters. */
  description: string
}

/** One section of a legal document. `id` becomes the section's anchor. */
export interface LegalSection {
  id: string
  heading: string
  paragraphs: string[]
  /** Optional bullet list rendered after the paragraphs. */
  list?: string[]
  /** Optional sentences with a link to a page of the site, rendered last (e.g. the erasure request page). */
  links?: { before: string; label: string; to: '/waitlist/erase'; after: string }[]
}

export interface LegalDocument {
  title: string
  /** Human date, e.g. 'November 22, 2026'. */
  lastUpdated: string
  intro: string[]
  sections: LegalSection[]
}
