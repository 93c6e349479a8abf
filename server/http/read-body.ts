// Every route reads its request body here, and holds at most `maxBytes` of it in memory. A body that declares
// its length is refused at once when that is too long; one streamed without a length (chunked) is counted by
// Hono's body-limit as it arrives and cut at the first byte too many. That stops reading without cancelling
// the stream, which on Node would destroy the socket before the answer could be sent.
//
// It runs inside this reader rather than in front of each route, so each route keeps its own order of answers
// (the signup's 415 for a wrong type before its 413) and its own word for a body that is too large.
import type { Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { isFormPost } from './form-post'

export type BodyText = { kind: 'text'; text: string } | { kind: 'too-large' } | { kind: 'not-utf8' }
export type Fields = Record<string, unknown>

/** An email address or a link's token is far less than this: the consent and sign-in routes read no more. */
export const fieldsMaxBytes = 2048

export async function readBody(c: Context, maxBytes: number): Promise<BodyText> {
  // A declared length, not through body-limit: it opens the body's stream first, which on @hono/node-server
  // costs about a quarter of a signup's CPU, where the body alone is read straight from the socket.
  if (c.req.header('content-length') !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (Number(c.req.header('content-length')) > maxBytes) return { kind: 'too-large' }
    const bytes = await c.req.arrayBuffer()
    return bytes.byteLength > maxBytes ? { kind: 'too-large' } : decodeUtf8(bytes)
  }
  let body: BodyText = { kind: 'too-large' }
  const cut = bodyLimit({ maxSize: maxBytes, onError: () => new Response(null, { status: 413 }) })
  await cut(c, async () => {
    body = decodeUtf8(await c.req.arrayBuffer())
  })
  return body
}

/** The fields of a small body: a JSON object (in a text/plain or application/json body) or a browser's form
 * post. Undefined when it is neither, too large, or broke off. */
export async function readFields(c: Context, maxBytes = fieldsMaxBytes): Promise<Fields | undefined> {
  const text = await readSmallText(c, maxBytes)
  if (text === undefined) return undefined
  return isFormPost(c.req.raw) ? Object.fromEntries(new URLSearchParams(text)) : jsonObject(text)
}

/** The fields of a small JSON object body, whatever its type says; a form post is not read as one. */
export async function readJsonObject(c: Context, maxBytes = fieldsMaxBytes): Promise<Fields | undefined> {
  const text = await readSmallText(c, maxBytes)
  return text === undefined ? undefined : jsonObject(text)
}

async function readSmallText(c: Context, maxBytes: number): Promise<string | undefined> {
  const body = await readBody(c, maxBytes).catch(() => undefined)
  return body?.kind === 'text' ? body.text : undefined
}

function decodeUtf8(bytes: ArrayBuffer): BodyText {
  try {
    return { kind: 'text', text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return { kind: 'not-utf8' }
  }
}

function jsonObject(text: string): Fields | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : undefined
  } catch {
    return undefined
  }
}
