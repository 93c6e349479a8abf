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
  links?: { before: string; label: string; to: '/waitlist/erase' | '/waitlist/copy'; after: string }[]
}

/** One published version of a legal document. */
export interface LegalVersion {
  /** The day it took effect, as a reader sees it, e.g. 'November 22, 2026'. */
  date: string
  /** What this version changed, in a sentence or two (the first version says it was the first). */
  changes: string
}

export interface LegalDocument {
  title: string
  /** Every published version, newest first: the first is the text shown, and its date is "Last updated". A
   * change of wording adds a version here; the earlier ones stay, so the dates the company published do too. */
  versions: readonly [LegalVersion, ...LegalVersion[]]
  intro: string[]
  sections: LegalSection[]
}
