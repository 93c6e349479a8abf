// SendGrid's signed event webhook (https://www.twilio.com/docs/sendgrid/for-developers/tracking-events/getting-started-event-webhook-security-features):
// X-Twilio-Email-Event-Webhook-Signature is an ECDSA P-256 signature (base64, DER) over the timestamp header's value
// followed by the raw body, checked with the public key SendGrid shows (SENDGRID_WEBHOOK_PUBLIC_KEY, base64 DER SPKI).
// The body is a JSON array of events: a `bounce` is hard, or soft when its type is `blocked`; a `spamreport` is a
// complaint; every other event (delivered, open, deferred while SendGrid retries, dropped) is ignored.
import { createPublicKey, createVerify } from 'node:crypto'
import { emptyReport, isObject, jsonOf, textOf, type ProviderRequest, type ProviderVerdict } from './provider-report'

export const sendgridHeaders = { signature: 'x-twilio-email-event-webhook-signature', timestamp: 'x-twilio-email-event-webhook-timestamp' }

export function sendgrid(publicKey: string) {
  const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' })
  return async function verify({ header, body }: ProviderRequest): Promise<ProviderVerdict> {
    const signature = header(sendgridHeaders.signature)
    const timestamp = header(sendgridHeaders.timestamp)
    if (!signature || !timestamp) return { verified: false, why: 'unsigned' }
    let valid = false
    try {
      valid = createVerify('sha256').update(timestamp + body, 'utf8').verify(key, signature, 'base64')
    } catch {
      valid = false
    }
    if (!valid) return { verified: false, why: 'a wrong signature' }
    const events = jsonOf(body)
    const report = emptyReport()
    for (const event of Array.isArray(events) ? events.filter(isObject) : []) {
      const type = textOf(event.event)
      const address = textOf(event.email)
      const words = textOf(event.reason) || textOf(event.response) || textOf(event.status) || type
      if (type === 'bounce' && address) report.bounces.push({ address, kind: event.type === 'blocked' ? 'soft' : 'hard', source: 'sendgrid', words })
      else if (type === 'spamreport' && address) report.bounces.push({ address, kind: 'complaint', source: 'sendgrid', words: 'Marked as spam' })
      else report.ignored.push(type || 'unknown')
    }
    if (!Array.isArray(events)) report.ignored.push('not a list of SendGrid events')
    return { verified: true, report }
  }
}
