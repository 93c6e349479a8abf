// What a provider's webhook says, once its scheme has verified it: the bounces and complaints it reports, and the
// event types it carried that change nothing here (deliveries, opens, a Mailgun failure it is still retrying), which
// are answered 200 all the same and recorded as ignored. Each provider's file turns its own body into this.
import type { Bounce } from '../../platform/suppression/suppression-store'

export type ProviderReport = { bounces: Bounce[]; ignored: string[] }

/** A request as a provider's check reads it: its headers and its body, read whole, as text. */
export type ProviderRequest = { header(name: string): string | undefined; body: string }

/** A provider's answer to one request: refused (unsigned, wrongly signed, from a topic we do not take), or its
 * report. `confirm` is an SNS subscription to confirm, once the request is known to be SNS's. */
export type ProviderVerdict = { verified: false; why: string } | { verified: true; report: ProviderReport; confirm?: () => Promise<void> }

export const emptyReport = (): ProviderReport => ({ bounces: [], ignored: [] })

/** A JSON body, or undefined when it is not JSON. */
export function jsonOf(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
