// The console's one time format (src/admin/console-time.ts): to the minute, in UTC, the same in every zone.
import { describe, expect, it } from 'vitest'
import { consoleTime } from '../../../src/admin/console-time'

describe('consoleTime', () => {
  it('writes a moment to the minute in UTC', () => {
    expect(consoleTime('2026-12-01T21:43:25.123Z')).toBe('2026-12-01 21:43 UTC')
  })

  it('turns a time given with an offset into UTC', () => {
    expect(consoleTime('2026-12-01T22:43:00+01:00')).toBe('2026-12-01 21:43 UTC')
  })

  it('shows a value it cannot read as it came', () => {
    expect(consoleTime('soon')).toBe('soon')
  })
})
