// Mailgun's signed webhooks (https://documentation.mailgun.com/docs/mailgun/user-manual/webhooks/securing-webhooks):
// the body carries `signature: { timestamp, token, signature }`, the last being the hex HMAC-SHA256 of timestamp and
// token joined with nothing between, keyed by the webhook signing key (MAILGUN_WEBHOOK_SIGNING_KEY); compared in
// constant time. In `event-data`: a `failed` event of severity `permanent` is hard, unless its reason is `old` (Mailgun
// gave up retrying: a soft bounce with its retries run out); a `temporary` one is ignored (Mailgun is still retrying,
// and reports each try); `complained` is a complaint; everything else is ignored.
import { createHmac, timingSafeEqual } from 'node:crypto'
import { emptyReport, isObject, jsonOf, textOf, type ProviderRequest, type ProviderVerdict } from './provider-report'

export function mailgun(signingKey: string) {
  return async function verify({ body }: ProviderRequest): Promise<ProviderVerdict> {
    const payload = jsonOf(body)
    const signed = isObject(payload) && isObject(payload.signature) ? payload.signature : undefined
    const timestamp = textOf(signed?.timestamp)
    const token = textOf(signed?.token)
    const signature = textOf(signed?.signature)
    if (!timestamp || !token || !/^[0-9a-f]{64}$/i.test(signature)) return { verified: false, why: 'unsigned' }
    const expected = createHmac('sha256', signingKey).update(timestamp + token, 'utf8').digest()
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return { verified: false, why: 'a wrong signature' }
    const report = emptyReport()
    const event = isObject(payload) && isObject(payload['event-data']) ? payload['event-data'] : undefined
    const type = textOf(event?.event)
    const address = textOf(event?.recipient)
    const status = event && isObject(event['delivery-status']) ? event['delivery-status'] : {}
    const words = textOf(status.description) || textOf(status.message) || textOf(event?.reason) || type
    if (type === 'failed' && event?.severity === 'permanent' && address)
      report.bounces.push({ address, kind: event.reason === 'old' ? 'soft' : 'hard', source: 'mailgun', words })
    else if (type === 'complained' && address) report.bounces.push({ address, kind: 'complaint', source: 'mailgun', words: 'Marked as spam' })
    else report.ignored.push(type === 'failed' ? `failed/${textOf(event?.severity) || 'unknown'}` : type || 'unknown')
    return { verified: true, report }
  }
}
