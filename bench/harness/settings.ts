// A benchmark's settings, read from the environment (BENCH_*) in one way: a value that is not what the setting
// takes stops the run before anything starts, with one line naming the variable, what it takes and what it got.
// An empty or unset variable keeps the default.

const raw = (name: string): string | undefined => {
  const value = process.env[name]?.trim()
  return value === '' ? undefined : value
}

const refuse = (name: string, wanted: string, value: string): never => {
  throw new Error(`${name} must be ${wanted}, not "${value}"`)
}

/** A whole number from `min` up (1 unless said). */
export function wholeNumber(name: string, fallback: number, { min = 1 }: { min?: number } = {}): number {
  const value = raw(name)
  if (value === undefined) return fallback
  const number = Number(value)
  return Number.isInteger(number) && number >= min ? number : refuse(name, `a whole number from ${min.toLocaleString('en-US')} up`, value)
}

/** A number above 0, fractions allowed (seconds, milliseconds). */
export function positiveNumber(name: string, fallback: number): number {
  const value = raw(name)
  if (value === undefined) return fallback
  const number = Number(value)
  return Number.isFinite(number) && number > 0 ? number : refuse(name, 'a number above 0', value)
}

/** One of `allowed`. */
export function oneOf<const T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
  const value = raw(name)
  if (value === undefined) return fallback
  return (allowed as readonly string[]).includes(value) ? (value as T) : refuse(name, `one of ${allowed.join(', ')}`, value)
}

/** A comma-separated choice among `allowed` (each name once or more); all of them unless set. */
export function listOf<const T extends string>(name: string, allowed: readonly T[], fallback: readonly T[] = allowed): T[] {
  const value = raw(name)
  if (value === undefined) return [...fallback]
  const names = value.split(',').map((part) => part.trim()).filter(Boolean)
  const unknown = names.filter((part) => !(allowed as readonly string[]).includes(part))
  if (names.length === 0 || unknown.length > 0) refuse(name, `a comma-separated list of ${allowed.join(', ')}`, value)
  return names as T[]
}

/** On when set to 1 (BENCH_DETAIL=1). */
export function flag(name: string): boolean {
  const value = raw(name)
  if (value === undefined || value === '0') return false
  return value === '1' ? true : refuse(name, '1 or 0', value)
}

/** Any text, such as a folder. */
export function text(name: string, fallback: string): string {
  return raw(name) ?? fallback
}
