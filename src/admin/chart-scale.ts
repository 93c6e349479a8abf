// A bar chart's value axis in round steps (1, 2 or 5 times a power of ten), as a reader expects: 0, 5,000, 10,000,
// 15,000 rather than 0, 4,327, 8,654. Counts are whole, so a step is never less than 1.

/** The ticks from 0 to the first round step at or above `max`, at most about `most` steps apart. */
export function niceTicks(max: number, most = 4): number[] {
  if (!(max > 0)) return [0, 1]
  const rough = max / most
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const step = Math.max(1, [1, 2, 5, 10].map((times) => times * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude)
  const steps = Math.ceil(max / step)
  return Array.from({ length: steps + 1 }, (_, index) => index * step)
}
