// What the live inspector may see: machine structure and flow, never who the visitor is.

const personalKeys = new Set(['email', 'firstName', 'mailtoHref', 'website'])
const personalEvents = /_CHANGED$/

export const redacted = '[redacted]'

/** A deep copy of `value` with every name, email address and typed field value replaced. */
export function redactPersonalData<T>(value: T): T {
  return redactValue(value, new WeakSet()) as T
}

function redactValue(value: unknown, seen: WeakSet<object>): unknown {
  if (value === null || typeof value !== 'object') return value
  if (seen.has(value)) return '[circular]'
  seen.add(value)
  if (Array.isArray(value)) return value.map((item) => redactValue(item, seen))
  const isPersonalEvent = typeof (value as { type?: unknown }).type === 'string' && personalEvents.test((value as { type: string }).type)
  const copy: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    if (personalKeys.has(key) || (isPersonalEvent && key === 'value')) copy[key] = typeof inner === 'string' && inner === '' ? '' : redacted
    else copy[key] = redactValue(inner, seen)
  }
  return copy
}
