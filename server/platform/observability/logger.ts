// The endpoint's log: pino, one JSON object per line on stdout, at the level LOG_LEVEL names (config.ts). The
// lines go to a log pipeline and to people with access to it, so no line may carry who is listed: an email
// address, a first name, a token from an email's link, or the console's session cookie. Three layers keep
// them out, from the most specific to the last resort:
//   1. what we log: the request line names the route pattern, never the path, its query or a body
//      (observe-requests.ts); the stores' errors go out as `err`, whose serializer keeps type, code, message
//      and stack, never a driver's `detail` (PostgreSQL's quotes the duplicate key, an address);
//   2. pino's `redact` for fields of those names at the top of a line and for headers, and the same names one
//      level down blanked by the `log` formatter (pino's wildcard paths cost 8 µs a line; this, a fraction);
//   3. a scrub of the finished line (`hooks.streamWrite`) for anything shaped like an address or a token: an
//      SMTP server's refusal often quotes the recipient, and that message reaches the outbox's log line.
// test/server/platform/observability/log-privacy.test.ts runs every flow against the real process and searches its output.
import pino, { type DestinationStream, type Logger } from 'pino'

export type { Logger } from 'pino'

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof logLevels)[number]

/** The fields whose values never reach a line, at the top of it or one level down. */
const secretFields = ['email', 'emailNormalized', 'email_normalized', 'to', 'firstName', 'first_name', 'token', 'secret', 'cookie', 'authorization', 'password', 'body', 'query', 'detail']
const headerPaths = ['headers', 'req.headers', 'request.headers', 'res.headers', 'response.headers'].flatMap((at) => [`${at}.cookie`, `${at}.authorization`, `${at}["set-cookie"]`])
const redactPaths = [...secretFields, ...headerPaths]
const censor = '[redacted]'
const isSecretField = new Set(secretFields)

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype

/** The line's fields with every secret field of a plain object one level down blanked (the top level is pino's
 * redact's; an error or a request is its serializer's). */
function withNestedSecretsBlanked(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined
  for (const [key, value] of Object.entries(fields)) {
    if (!isPlainObject(value) || !Object.keys(value).some((inner) => isSecretField.has(inner))) continue
    const blanked = Object.fromEntries(Object.entries(value).map(([inner, innerValue]) => [inner, isSecretField.has(inner) ? censor : innerValue]))
    copy ??= { ...fields }
    copy[key] = blanked
  }
  return copy ?? fields
}

// An address anywhere in a line, but not the user of a URL (postgres://waitlist@db.internal in the start-up
// line), and a 43-character base64url run, the shape of every token and session (platform/secrets/tokens.ts). The address
// pattern is looked for only in a line with an @ (6 µs a line otherwise; the request lines have none).
const addressShape = /(?<!\/\/[^\s@/"]*)[^\s@"'<>(),;:\\/[\]]+@[^\s@"'<>(),;:\\/[\]]+\.[^\s@"'<>(),;:\\/[\]]+/g
const tokenShape = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g

/** The line as it is written: addresses and tokens replaced, whatever field they hid in. */
export const scrubLine = (line: string) => (line.includes('@') ? line.replace(addressShape, '[address]') : line).replace(tokenShape, '[token]')

/** An error as a line shows it: what a person fixing it needs, none of the extra fields a driver attaches. */
function errorFields(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) }
  const code = (error as { code?: unknown }).code
  return { type: error.name, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}), message: error.message, stack: error.stack }
}

/** A request, if one is ever logged whole: its method and path, never its query, headers or body. */
function requestFields(request: { method?: unknown; url?: unknown }) {
  const url = typeof request.url === 'string' ? request.url : ''
  return { method: request.method, path: url.replace(/^[a-z]+:\/\/[^/]*/i, '').split(/[?#]/)[0] }
}

export function createLogger(options: { level?: LogLevel; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      // The level as its name, which pipelines filter on without a lookup table.
      formatters: { level: (label) => ({ level: label }), log: withNestedSecretsBlanked },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: redactPaths, censor },
      serializers: { err: errorFields, error: errorFields, req: requestFields, request: requestFields, res: (response: { status?: unknown }) => ({ status: response.status }) },
      hooks: { streamWrite: scrubLine },
    },
    // Written at once (sync): a line logged just before a crash or an exit is not lost in a buffer.
    options.destination ?? pino.destination({ fd: 1, sync: true }),
  )
}

/** For components whose caller gave no logger (tests): lines go nowhere. */
export const silentLogger: Logger = pino({ level: 'silent' })
