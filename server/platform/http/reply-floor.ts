// A reply whose time could tell who is listed leaves no sooner than a floor after its request arrived. The
// stores already do the same statements for a listed address as for a new one (batched-add.ts), but not the same
// writing: on SQLite, a new signup's row, its email and their indexes take longer to commit than a repeat's
// counter alone (2026-12-06, `npm run bench:timing` on the shared 2-core machine: a repeat answered in 4.36 ms
// at the median against 4.99 ms for a new address, slower in only 38.5 % of the pairs). Below the floor both
// wait for the same timer, so what is left of the difference is the timer's own jitter, the same for both.
// The floor is small beside what a visitor notices, and above what the work takes at the median on that machine.
import type { MiddlewareHandler } from 'hono'
import { setTimeout as sleep } from 'node:timers/promises'

export function replyFloor(floorMs: number): MiddlewareHandler {
  return async (_c, next) => {
    const started = performance.now()
    await next()
    // A timer may fire up to a millisecond before its time (Node counts whole milliseconds): wait again if so.
    for (let left = started + floorMs - performance.now(); left > 0; left = started + floorMs - performance.now()) await sleep(Math.ceil(left))
  }
}
