// One delivery's HTTP exchange: a POST with the Standard Webhooks headers, through an agent whose every connection
// passes the address guard (address-guard.ts), with no redirect followed (a 3xx is a failure: following one would
// let a receiver send us anywhere), the reply read up to `replyLimitBytes`, and the whole exchange bounded by
// `timeoutMs`. It never throws: it says what happened.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { ForbiddenAddressError, guardedLookup, isForbiddenAddress, type Resolve } from './address-guard'

export const postLimits = { timeoutMs: 10_000, replyLimitBytes: 64 * 1024, excerptChars: 500 } as const

export type PostResult =
  | { ok: true; status: number; excerpt: string }
  | { ok: false; status: number | null; excerpt: string | null; error: string }

/** `resolve` is a test's DNS: its answers pass through the address guard as node:dns's do. */
export type PostOptions = { allowPrivate: boolean; resolve?: Resolve; timeoutMs?: number }

export function postWebhook(url: string, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (!options.allowPrivate && isIP(host) && isForbiddenAddress(host)) return Promise.resolve(failure(null, null, new ForbiddenAddressError(host).message))
  const request = target.protocol === 'https:' ? httpsRequest : target.protocol === 'http:' ? httpRequest : undefined
  if (!request) return Promise.resolve(failure(null, null, `cannot deliver to a ${target.protocol} address`))
  const timeoutMs = options.timeoutMs ?? postLimits.timeoutMs
  return new Promise<PostResult>((resolve) => {
    let settled = false
    const settle = (result: PostResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const outgoing = request(
      target,
      {
        method: 'POST',
        // A connection of its own each time, looked up and checked each time: no pooled socket outlives a check.
        agent: false,
        lookup: guardedLookup({ allowPrivate: options.allowPrivate, resolve: options.resolve }),
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), 'user-agent': 'waitlist-webhooks/1' },
      },
      (reply) => readReply(reply, (excerpt) => settle(resultOf(reply.statusCode ?? 0, excerpt))),
    )
    const timer = setTimeout(() => {
      settle(failure(null, null, `no complete reply within ${timeoutMs / 1000} s`))
      outgoing.destroy()
    }, timeoutMs)
    outgoing.on('error', (error) => settle(failure(null, null, error.message)))
    outgoing.end(body)
  })
}

function resultOf(status: number, excerpt: string): PostResult {
  if (status >= 200 && status < 300) return { ok: true, status, excerpt }
  if (status >= 300 && status < 400) return failure(status, excerpt, `answered ${status}: redirects are not followed`)
  return failure(status, excerpt, `answered ${status}`)
}

const failure = (status: number | null, excerpt: string | null, error: string): PostResult => ({ ok: false, status, excerpt, error })

// Up to the limit, then the connection is dropped: a receiver cannot make us read (or keep) more.
function readReply(reply: IncomingMessage, done: (excerpt: string) => void) {
  const chunks: Buffer[] = []
  let size = 0
  const finish = () => done(Buffer.concat(chunks).toString('utf8').slice(0, postLimits.excerptChars))
  reply.on('data', (chunk: Buffer) => {
    chunks.push(chunk)
    size += chunk.length
    if (size >= postLimits.replyLimitBytes) {
      finish()
      reply.destroy()
    }
  })
  reply.on('end', finish)
  reply.on('error', finish)
}
