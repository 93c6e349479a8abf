// The first inline script of every prerendered page: the build compiles this file into it
// (scripts/inline-scripts.ts), and src/boot/early-event-replay.tsx takes what it kept.
import { recordEarlyEvents } from './early-event-recorder'

window.__earlyEvents = recordEarlyEvents()
