// Postmark's bounce and spam-complaint webhooks. Postmark signs nothing: the webhook's URL carries credentials
// (https://user:password@host/api/bounces/postmark), which it sends as HTTP basic auth; POSTMARK_WEBHOOK_AUTH holds
// the pair, compared in constant time. A HardBounce or BadEmailAddress is hard, a SoftBounce soft (Postmark reports it
// once it gave up), a SpamComplaint a complaint; every other record (Delivery, Open, a Transient delay) is ignored.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Bounce } from '../../platform/suppression/suppression-store'
import { emptyReport, isObject, jsonOf, textOf, type ProviderRequest, type ProviderVerdict } from './provider-report'

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest()

const bounceKinds: Record<string, Bounce['kind']> = { HardBounce: 'hard', BadEmailAddress: 'hard', SoftBounce: 'soft' }

export function postmark(auth: { user: string; password: string }) {
  // Hashed first, so the comparison takes the same time whatever the lengths.
  const expected = digest(`Basic ${Buffer.from(`${auth.user}:${auth.password}`, 'utf8').toString('base64')}`)
  return async function verify({ header, body }: ProviderRequest): Promise<ProviderVerdict> {
    const given = header('authorization')
    if (!given) return { verified: false, why: 'unsigned: no credentials' }
    if (!timingSafeEqual(digest(given.trim()), expected)) return { verified: false, why: 'wrong credentials' }
    const record = jsonOf(body)
    const report = emptyReport()
    if (!isObject(record)) return { verified: true, report: { ...report, ignored: ['not a Postmark record'] } }
    const type = textOf(record.RecordType)
    const address = textOf(record.Email)
    const words = [textOf(record.Description), textOf(record.Details)].filter(Boolean).join(' ') || type
    const kind = type === 'SpamComplaint' ? 'complaint' : type === 'Bounce' ? bounceKinds[textOf(record.Type)] : undefined
    if (kind && address) report.bounces.push({ address, kind, source: 'postmark', words })
    else report.ignored.push(type === 'Bounce' ? `Bounce/${textOf(record.Type) || 'unknown'}` : type || 'unknown')
    return { verified: true, report }
  }
}
