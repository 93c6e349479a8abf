// @vitest-environment node
// figure() writes numbers as Intl.NumberFormat('en-US') would, without making an Intl object (shared/figures.ts).
import { describe, expect, it } from 'vitest'
import { counted, figure } from '../../shared/figures'

const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

describe('figure', () => {
  it('writes every number as Intl.NumberFormat en-US does, separators and rounding alike', () => {
    const values = [0, -0, 1, 9, 10, 999, 1000, 1001, 9999, 12_345, 100_000, 999_999, 1_000_000, 1_234_567, 2 ** 31, Number.MAX_SAFE_INTEGER]
    const fractions = [0.4, 0.5, 0.6, 2.5, 999.5, 999_999.5, -0.4, -0.5, -2.5, -1234.5, 1e-9]
    for (const value of [...values, ...values.map((v) => -v), ...fractions, Number.NaN, Infinity, -Infinity]) expect(figure(value), String(value)).toBe(intl.format(value))
  })

  it('says a count with its noun, singular only for one', () => {
    expect(counted(1, 'person', 'people')).toBe('1 person')
    expect(counted(1200, 'person', 'people')).toBe('1,200 people')
    expect(counted(0, 'person', 'people')).toBe('0 people')
  })
})
