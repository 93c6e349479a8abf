// What the gallery needs to know about one machine: which events to walk its graph with, and how a visitor
// causes each of them in the real view (a gesture, or an answer at the network boundary).
import type { Locator, Page, Route } from '@playwright/test'
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate'

export type Clip = { x: number; y: number; width: number; height: number }

export type ModelEvent = EventObject & Record<string, unknown>

/** Which build of the site a variant runs on: with the endpoint at /api/waitlist, or with none at all. */
export type SiteBuild = 'endpoint' | 'no-endpoint'

export interface GalleryVariant {
  name: string
  input?: unknown
  site: SiteBuild
  /** A variant that is another page around the same view (its own address, more on the page): its pictures are its
   * own, named by the variant, and only of these leaf states; without it, a state another variant pictured already
   * is not pictured again. */
  apart?: { states: string[] }
}

/** Requests to one URL pattern held until the path says how they end (see network.ts). */
export interface HeldRequests {
  /** The oldest request not answered yet, waiting for it to arrive. */
  next: () => Promise<Route>
}

export interface Driver {
  page: Page
  /** Requests held per URL pattern the machine registered in `hold`. */
  held: (pattern: string) => HeldRequests
}

export interface GalleryMachine {
  machine: AnyStateMachine
  variants: GalleryVariant[]
  /** The page the view lives on; for a path, when the path's events depend on the address (a link's token). */
  url: string | ((steps: { event: ModelEvent }[], variant: GalleryVariant) => string)
  /** URL patterns (Playwright glob) whose requests the path answers itself, in order. */
  hold?: string[]
  /** The same, for requests told apart by more than a glob (a console call by its path): name → test. */
  holdMatching?: Record<string, { url: (url: URL) => boolean; method?: string }>
  /** What shows that the app is in control and gestures reach it; the site's html[data-app="ready"] by default. */
  ready?: string
  /** Answers for requests the path does not decide (a console's figures), given before the page opens. */
  prepare?: (page: Page) => Promise<void>
  /** The part of the page the state changes, which is what is pictured: an element, or a rectangle of the
   * viewport (for what the top layer draws, such as a popover, which no element's box holds). */
  region: (page: Page, snapshot: AnyMachineSnapshot, variant: GalleryVariant) => Locator | Clip
  /** Sample events to walk the graph with. */
  events: ModelEvent[]
  /** The state key: the value plus the context that changes the picture (and decides guards). */
  serializeState: (snapshot: AnyMachineSnapshot) => string
  /** What makes two pictures differ, when less than the state key (a form's key knows whether the typed
   * address is valid, to decide guards; its picture differs only by the message). The state key by default. */
  pictureKey?: (snapshot: AnyMachineSnapshot) => string
  /** A few words that tell two pictures of one state apart (the message), for the file name and the page. */
  detail?: (snapshot: AnyMachineSnapshot) => string | undefined
  /** Causes one event as a visitor or the network would. */
  act: (driver: Driver, event: ModelEvent, after: AnyMachineSnapshot) => Promise<void>
  /** Waits until the view shows `snapshot` (what is painted, never a duration). */
  shows: (driver: Driver, snapshot: AnyMachineSnapshot, variant: GalleryVariant) => Promise<void>
  /** Widths the machine has a view at; both by default. */
  widths?: number[]
  /** Leaf states with no picture, and why. */
  leftOut?: Record<string, string>
}
