// Amazon SES's bounces and complaints, as SNS posts them (https://docs.aws.amazon.com/sns/latest/dg/sns-verify-signature-of-message.html).
// A message is taken only when:
//   - its topic is one of SES_SNS_TOPIC_ARNS (anyone can make a topic that AWS signs and subscribe this URL to it);
//   - its SigningCertURL is https on an SNS host (sns.<region>.amazonaws.com, or .com.cn) and names a .pem: the
//     certificate is fetched from there only, over TLS checked against the system's roots, and kept in memory;
//   - its Signature verifies, with that certificate's key, over the string to sign: the message's fields, each as
//     its name, a newline, its value, a newline, in byte order (Message, MessageId, Subject if present, Timestamp,
//     TopicArn, Type for a Notification; Message, MessageId, SubscribeURL, Timestamp, Token, TopicArn, Type for a
//     (Un)SubscriptionConfirmation); SignatureVersion 1 is RSA-SHA1, 2 is RSA-SHA256.
// A SubscriptionConfirmation so verified is confirmed by visiting its SubscribeURL, itself on an SNS host.
import { createVerify, X509Certificate } from 'node:crypto'
import type { Bounce } from '../../platform/suppression/suppression-store'
import { emptyReport, isObject, jsonOf, textOf, type ProviderReport, type ProviderRequest, type ProviderVerdict } from './provider-report'

/** The hosts SNS signs from and confirms at (the pattern AWS's own SDK validators use). */
const snsHost = /^sns\.[a-z0-9-]+\.amazonaws\.com(\.cn)?$/

/** Whether `text` is an https URL on an SNS host, with no port or credentials; for a certificate, a .pem path. */
export function isSnsUrl(text: string, { pem = false } = {}): boolean {
  try {
    const url = new URL(text)
    return url.protocol === 'https:' && snsHost.test(url.hostname) && url.port === '' && url.username === '' && url.password === '' && (!pem || url.pathname.endsWith('.pem'))
  } catch {
    return false
  }
}

export type SnsFetch = {
  /** The certificate at an SNS URL (isSnsUrl checked first), as PEM text. */
  certificate(url: string): Promise<string>
  /** Visits a SubscriptionConfirmation's SubscribeURL (isSnsUrl checked first). */
  confirm(url: string): Promise<void>
}

/** The network's fetch, refused for anything but an SNS host (checked again here, whoever calls). */
export const snsOverHttps: SnsFetch = {
  async certificate(url) {
    if (!isSnsUrl(url, { pem: true })) throw new Error('not an SNS certificate URL')
    const reply = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) })
    if (!reply.ok) throw new Error(`the SNS certificate answered ${reply.status}`)
    return reply.text()
  },
  async confirm(url) {
    if (!isSnsUrl(url)) throw new Error('not an SNS URL')
    const reply = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) })
    if (!reply.ok) throw new Error(`SNS answered ${reply.status} to the subscription's confirmation`)
  },
}

const notificationKeys = ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const
const confirmationKeys = ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'] as const

/** The string SNS signs for this message, or undefined when a field it needs is missing. */
export function snsStringToSign(message: Record<string, unknown>): string | undefined {
  const type = message.Type
  const keys = type === 'Notification' ? notificationKeys : type === 'SubscriptionConfirmation' || type === 'UnsubscribeConfirmation' ? confirmationKeys : undefined
  if (!keys) return undefined
  let text = ''
  for (const key of keys) {
    const value = message[key]
    if (value === undefined && key === 'Subject') continue
    if (typeof value !== 'string') return undefined
    text += `${key}\n${value}\n`
  }
  return text
}

export function sesOverSns(options: { topicArns: readonly string[]; fetch: SnsFetch; now: () => Date }) {
  // A few certificates at most (one per region and rotation): kept, so a flood costs no fetch per message.
  const certificates = new Map<string, Promise<string>>()
  const certificateOf = (url: string) => {
    let pem = certificates.get(url)
    if (!pem) {
      if (certificates.size >= 16) certificates.clear()
      pem = options.fetch.certificate(url)
      certificates.set(url, pem)
      pem.catch(() => certificates.delete(url))
    }
    return pem
  }

  return async function verify({ body }: ProviderRequest): Promise<ProviderVerdict> {
    const message = jsonOf(body)
    if (!isObject(message)) return { verified: false, why: 'not an SNS message' }
    const topic = textOf(message.TopicArn)
    if (!options.topicArns.includes(topic)) return { verified: false, why: 'a topic not in SES_SNS_TOPIC_ARNS' }
    const algorithm = message.SignatureVersion === '1' ? 'RSA-SHA1' : message.SignatureVersion === '2' ? 'RSA-SHA256' : undefined
    const certUrl = textOf(message.SigningCertURL)
    const signed = snsStringToSign(message)
    if (!algorithm || !signed || typeof message.Signature !== 'string') return { verified: false, why: 'unsigned' }
    if (!isSnsUrl(certUrl, { pem: true })) return { verified: false, why: 'a signing certificate not on an SNS host' }
    let certificate: X509Certificate
    try {
      certificate = new X509Certificate(await certificateOf(certUrl))
    } catch {
      return { verified: false, why: 'its signing certificate could not be read' }
    }
    const at = options.now().getTime()
    if (at < new Date(certificate.validFrom).getTime() || at > new Date(certificate.validTo).getTime()) return { verified: false, why: 'its signing certificate is out of date' }
    if (!createVerify(algorithm).update(signed, 'utf8').verify(certificate.publicKey, message.Signature, 'base64')) return { verified: false, why: 'a wrong signature' }

    if (message.Type === 'SubscriptionConfirmation') {
      const subscribeUrl = textOf(message.SubscribeURL)
      if (!isSnsUrl(subscribeUrl)) return { verified: false, why: 'a SubscribeURL not on an SNS host' }
      return { verified: true, report: emptyReport(), confirm: () => options.fetch.confirm(subscribeUrl) }
    }
    if (message.Type === 'UnsubscribeConfirmation') return { verified: true, report: { bounces: [], ignored: ['UnsubscribeConfirmation'] } }
    return { verified: true, report: sesReport(jsonOf(textOf(message.Message))) }
  }
}

/** SES's notification (notificationType) or event (eventType): a Permanent bounce is hard, a Transient one soft (SES
 * sends it once it stopped retrying), an Undetermined one is ignored; a complaint is a complaint. */
export function sesReport(notification: unknown): ProviderReport {
  const report = emptyReport()
  if (!isObject(notification)) return { ...report, ignored: ['not an SES notification'] }
  const type = textOf(notification.notificationType ?? notification.eventType)
  const add = (list: unknown, kind: Bounce['kind'], words: (recipient: Record<string, unknown>) => string) => {
    for (const recipient of Array.isArray(list) ? list.filter(isObject) : []) {
      const address = textOf(recipient.emailAddress)
      if (address) report.bounces.push({ address, kind, source: 'ses', words: words(recipient) })
    }
  }
  if (type === 'Bounce' && isObject(notification.bounce)) {
    const { bounceType, bounceSubType, bouncedRecipients } = notification.bounce
    const kind = bounceType === 'Permanent' ? 'hard' : bounceType === 'Transient' ? 'soft' : undefined
    if (!kind) return { ...report, ignored: [`Bounce/${textOf(bounceType) || 'unknown'}`] }
    add(bouncedRecipients, kind, (recipient) => textOf(recipient.diagnosticCode) || `${textOf(bounceType)} bounce: ${textOf(bounceSubType)}`)
  } else if (type === 'Complaint' && isObject(notification.complaint)) {
    const { complainedRecipients, complaintFeedbackType } = notification.complaint
    add(complainedRecipients, 'complaint', () => `Complaint${complaintFeedbackType ? `: ${textOf(complaintFeedbackType)}` : ''}`)
  } else report.ignored.push(type || 'unknown')
  return report
}
