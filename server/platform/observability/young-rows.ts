// Rows read from PostgreSQL die young; V8 is told not to guess otherwise (issue 53).
// V8 watches each place in the code that makes objects, and once most of a place's objects outlive a scavenge it
// makes that place's objects in the old generation from then on (allocation-site pretenuring). The pg driver makes
// every row of every result at one such place, and a result's rows all live until its last one arrives, so a page
// of 2,000 places or the export's first batches are enough: from then on every row read went to the old generation,
// and the export of a million grew it by about 100 MB of rows already dead before each full collection (the old
// generation's use going 35 → 140 → 31 MB every few seconds, RSS +108 MB at the peak; with this off, +56 MB,
// the old generation growing by a megabyte in two seconds: V8's heap spaces read from the server's /metrics while
// the export of a million was read, 2026-12-06, the shared 2-core machine, load 14–20; docs/performance.md). SQLite's rows come from the reads thread through structured clone, made by no such place (+16 MB).
// The flag cannot be given in NODE_OPTIONS, and V8 reads it each time it decides, so it is set here at start.
import { setFlagsFromString } from 'node:v8'

/** Turns V8's allocation-site pretenuring off for this process: call it once, before the first query. */
export function keepRowsYoung(): void {
  setFlagsFromString('--no-allocation-site-pretenuring')
}
