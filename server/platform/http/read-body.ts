// Every route reads its request body here, and holds at most `maxBytes` of it in memory. A body that declares
// its length is refused at once when that is too long; one streamed without a length (chunked) is counted by
// Hono's body-limit as it arrives and cut at the first byte too many. That stops reading without cancelling
// the stream, which on Node would destroy the socket before the answer could be sent.
//
// It runs inside this reader rather than in front of each route, so each route keeps its own order of answers
// (the signup's 415 for a wrong type before its 413) and its own word for a body that is too large.
//
// A body this reader did not read to its end (too large, or a route that answered without it: a refusal, a
// 404) is still on the connection. @hono/node-server drains it for at most 500 ms and then drops the socket,
// so a keep-alive reply would invite the client's next request into a connection about to die:
// `closeUnreadBodies` makes such a reply say `Connection: close` instead (RFC 9112 §9.6), for every route.
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { isFormPost } from './form-post'

declare module 'hono' {
  interface ContextVariableMap {
    /** The request's body was read to its end (readBody): the connection may carry the next request. */
    bodyRead: true
  }
}

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
    c.set('bodyRead', true)
    return bytes.byteLength > maxBytes ? { kind: 'too-large' } : decodeUtf8(bytes)
  }
  let body: BodyText = { kind: 'too-large' }
  const cut = bodyLimit({ maxSize: maxBytes, onError: () => new Response(null, { status: 413 }) })
  await cut(c, async () => {
    body = decodeUtf8(await c.req.arrayBuffer())
    c.set('bodyRead', true)
  })
  return body
}

/** The fields of a small body, or why there are none: too large (a route may answer 413), or unreadable (not
 * UTF-8, not a JSON object, broken off). */
export type FieldsBody = { kind: 'fields'; fields: Fields } | { kind: 'too-large' } | { kind: 'unreadable' }

/** A JSON object (in a text/plain or application/json body, whatever its type says) or, with `forms`, a
 * browser's form post. JSON that is no object (`null`, a list, a number) is unreadable, never a crash. */
export async function readFieldsBody(c: Context, options: { maxBytes?: number; forms?: boolean } = {}): Promise<FieldsBody> {
  const body = await readBody(c, options.maxBytes ?? fieldsMaxBytes).catch(() => undefined)
  if (body?.kind === 'too-large') return body
  if (body?.kind !== 'text') return { kind: 'unreadable' }
  const fields = options.forms && isFormPost(c.req.raw) ? Object.fromEntries(new URLSearchParams(body.text)) : jsonObject(body.text)
  return fields ? { kind: 'fields', fields } : { kind: 'unreadable' }
}

/** The fields of a small body: a JSON object or a browser's form post. Undefined when it is neither, too
 * large, or broke off. */
export const readFields = async (c: Context, maxBytes = fieldsMaxBytes): Promise<Fields | undefined> => fieldsOf(await readFieldsBody(c, { maxBytes, forms: true }))

/** The fields of a small JSON object body, whatever its type says; a form post is not read as one. */
export const readJsonObject = async (c: Context, maxBytes = fieldsMaxBytes): Promise<Fields | undefined> => fieldsOf(await readFieldsBody(c, { maxBytes }))

const fieldsOf = (body: FieldsBody) => (body.kind === 'fields' ? body.fields : undefined)

/** Every reply to a request whose body is still (partly) on the connection closes it (see the top of this file). */
export const closeUnreadBodies: MiddlewareHandler = async (c, next) => {
  await next()
  const declared = Number(c.req.header('content-length') ?? 0)
  const hasBody = declared > 0 || c.req.header('transfer-encoding') !== undefined
  if (hasBody && !c.get('bodyRead')) c.res.headers.set('Connection', 'close')
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
