// /api/v1 (issue 33): a small versioned API for the app's own backend, documented by the schemas that validate it
// (@hono/zod-openapi), so the document at /api/v1/openapi.json cannot drift from the code.
// - POST /people/lookup (`people:read`): a person's status, invitation and activation, by address. The address is
//   in the body, never in the URL, since URLs are logged; it is canonicalised as signups are (shared/mailbox.ts).
// - POST /activations (`activations:write`): the person installed the app and started it, by the invitation's id,
//   the address, or the activation code the invitation page showed (activations.ts). 201 when recorded, 200 when
//   it already was.
// Every refusal is JSON with a stable code (api-errors.ts). A key lives in servers, never in a browser: no CORS.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { apiErrorCodes, apiKeyMark } from '../../../shared/api-keys'
import { storedStatuses } from '../../../shared/stored-statuses'
import { questionKinds, type PersonAnswer } from '../../../shared/questions'
import { StoreUnavailableError } from '../../platform/database/contract'
import type { Logger } from '../../platform/observability/logger'
import { requestLog } from '../../platform/observability/observe-requests'
import { apiError } from './api-errors'
import type { Activations, Recorded } from './activations'
import { bearer, type ApiEnv, type BearerOptions } from './bearer'

export type V1Options = BearerOptions & {
  activations: Activations
  /** A person's answers by address (the questions' offer, issue 52), sensitive ones opened; undefined: nobody. */
  answersOf: (address: string) => Promise<{ signupId: number; answers: PersonAnswer[] } | undefined>
  classify: (error: unknown) => unknown
  log: Logger
}

/** A body of these routes is a few dozen bytes; 4 KB is room for any address or code, and no more. */
const maxBodyBytes = 4096

const ErrorBody = z
  .object({ error: z.object({ code: z.enum(apiErrorCodes), message: z.string() }).openapi({ required: ['code', 'message'] }) })
  .openapi('Error', { description: 'Every refusal: `code` is stable, `message` is for the developer.' })
const errorReply = (description: string) => ({ description, content: { 'application/json': { schema: ErrorBody } } })
const keyErrors = {
  401: errorReply('No key, a malformed or unknown key, or a revoked one: all alike.'),
  403: errorReply('The key lacks the scope (`insufficient_scope`).'),
  413: errorReply('The body is larger than 4 KB (`body_too_large`).'),
  429: errorReply('This key has made too many requests (`rate_limited`); see Retry-After.'),
  400: errorReply('The body is not JSON, or not what the route takes (`invalid_request`).'),
  500: errorReply('A fault on our side (`server_error`).'),
  503: errorReply('The database is away for a moment (`unavailable`); see Retry-After.'),
}

const Email = z.string().min(3).max(320).openapi({ example: 'ann@example.com', description: 'Any spelling of the address: it is canonicalised as signups are.' })
const Time = z.iso.datetime().openapi({ example: '2026-11-27T15:00:00.000Z' })
const Invitation = z
  .object({ id: z.number().int(), invitedAt: Time, expiresAt: Time, claimedAt: Time.nullable(), expiredAt: Time.nullable() })
  .openapi('Invitation', { description: 'The latest invitation a wave gave the person.' })
const Activation = z
  .object({ activatedAt: Time, via: z.enum(['invitation', 'address', 'code']), invitationId: z.number().int().nullable() })
  .openapi('Activation')
const Person = z
  .object({ status: z.enum(storedStatuses), invitation: Invitation.nullable(), activation: Activation.nullable() })
  .openapi('Person', { description: 'Where the person stands on the list.' })
const ActivationReply = z.object({ activation: Activation, alreadyRecorded: z.boolean() }).openapi('ActivationReply')
const ReportBody = z
  .union([
    z.strictObject({ invitationId: z.number().int().positive() }),
    z.strictObject({ email: Email }),
    z.strictObject({ code: z.string().min(1).max(40).openapi({ example: '7K2P-9XQD-M4TB-3HVC' }) }),
  ])
  .openapi('ActivationReport', { description: 'Exactly one of the invitation’s id, the address, or the activation code.' })

const security = [{ apiKey: [] }]

const lookUpRoute = createRoute({
  method: 'post',
  path: '/people/lookup',
  summary: 'A person’s status and invitation, by address (scope people:read)',
  security,
  request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ email: Email }).openapi('LookUp') } } } },
  responses: { 200: { description: 'The person.', content: { 'application/json': { schema: Person } } }, ...keyErrors, 404: errorReply('Nobody has this address (`person_not_found`).') },
})

const activationRoute = createRoute({
  method: 'post',
  path: '/activations',
  summary: 'Record that a person installed the app and started it (scope activations:write)',
  security,
  request: { body: { required: true, content: { 'application/json': { schema: ReportBody } } } },
  responses: {
    201: { description: 'Recorded now.', content: { 'application/json': { schema: ActivationReply } } },
    200: { description: 'Already recorded (a repeat, or the same code again): nothing changed.', content: { 'application/json': { schema: ActivationReply } } },
    ...keyErrors,
    404: errorReply('No such person (`person_not_found`), invitation (`invitation_not_found`) or usable code (`code_not_found`).'),
    409: errorReply('The person holds no invitation (`not_invited`); for a key without `people:read`, also an address nobody holds.'),
  },
})

const Answer = z
  .object({
    questionId: z.number().int(),
    version: z.number().int(),
    wording: z.string(),
    kind: z.enum(questionKinds),
    sensitive: z.boolean(),
    answer: z.union([z.string(), z.array(z.string())]).nullable(),
    answeredAt: Time,
  })
  .openapi('Answer', { description: 'One answer, with the wording of the version it answered. `answer` is null for a health answer this server can no longer open.' })
const answersRoute = createRoute({
  method: 'post',
  path: '/people/answers',
  summary: 'A person’s answers to the questions, by address (scope answers:read; health answers with answers:sensitive:read, audited)',
  security,
  request: { body: { required: true, content: { 'application/json': { schema: z.strictObject({ email: Email }).openapi('AnswersOf') } } } },
  responses: {
    200: { description: 'Their answers; health answers only for a key with answers:sensitive:read.', content: { 'application/json': { schema: z.object({ answers: z.array(Answer) }).openapi('Answers') } } },
    ...keyErrors,
    404: errorReply('Nobody has this address (`person_not_found`).'),
  },
})

const refusalOf = { 'person-not-found': 'person_not_found', 'invitation-not-found': 'invitation_not_found', 'code-not-found': 'code_not_found', 'not-invited': 'not_invited' } as const

export function v1Routes(options: V1Options): OpenAPIHono<ApiEnv> {
  const needs = bearer(options)
  const v1 = new OpenAPIHono<ApiEnv>({ defaultHook: (result, c) => (result.success ? undefined : apiError(c, 'invalid_request', 400)) })
  v1.openAPIRegistry.registerComponent('securitySchemes', 'apiKey', { type: 'http', scheme: 'bearer', description: `An API key made in the console: \`${apiKeyMark}…\`.` })
  v1.use(bodyLimit({ maxSize: maxBodyBytes, onError: (c) => apiError(c, 'body_too_large', 413) }))
  v1.onError((error, c) => {
    // The validator's own refusal of a body that is not JSON at all.
    if (error instanceof HTTPException && error.status < 500) return apiError(c, 'invalid_request', 400)
    if (error instanceof StoreUnavailableError || options.classify(error) instanceof StoreUnavailableError) return apiError(c, 'unavailable', 503, { 'Retry-After': '5' })
    requestLog(c).error({ err: error }, 'api: unexpected error; answered 500')
    return apiError(c, 'server_error', 500)
  })

  v1.openapi({ ...lookUpRoute, middleware: [needs('people:read')] as const }, async (c) => {
    const person = await options.activations.lookUp(c.req.valid('json').email)
    return person ? c.json(person, 200) : apiError(c, 'person_not_found', 404)
  })

  v1.openapi({ ...activationRoute, middleware: [needs('activations:write')] as const }, async (c) => {
    const recorded: Recorded = await options.activations.record(c.req.valid('json'), c.get('apiKey').id, options.now())
    if (recorded.outcome === 'recorded' || recorded.outcome === 'already-recorded')
      return c.json({ activation: recorded.activation, alreadyRecorded: recorded.outcome === 'already-recorded' }, recorded.outcome === 'recorded' ? 201 : 200)
    // A key that may not look people up gets one answer for an address nobody holds and for someone listed but never
    // invited, after the same statements (activations.ts), or it could test who is listed (issue 45, case 9).
    const outcome = recorded.outcome === 'person-not-found' && !c.get('apiKey').scopes.includes('people:read') ? 'not-invited' : recorded.outcome
    return apiError(c, refusalOf[outcome], outcome === 'not-invited' ? 409 : 404)
  })

  v1.openapi({ ...answersRoute, middleware: [needs('answers:read')] as const }, async (c) => {
    const found = await options.answersOf(c.req.valid('json').email)
    if (!found) return apiError(c, 'person_not_found', 404)
    const key = c.get('apiKey')
    const sensitive = key.scopes.includes('answers:sensitive:read')
    const answers = sensitive ? found.answers : found.answers.filter((answer) => !answer.sensitive)
    // Every read of health answers is audited, by key and person (never the address, never an answer).
    if (sensitive && answers.some((answer) => answer.sensitive)) await options.audit(`api key ${key.prefix}`, 'use-api-key', `"${key.name}" read the sensitive answers of signup #${found.signupId}`)
    return c.json({ answers }, 200)
  })

  v1.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Waitlist API', version: '1', description: 'For the app’s own backend: look people up, record activations. docs/api.md says more.' },
    servers: [{ url: '/api/v1' }],
  })
  v1.all('*', (c) => apiError(c, 'not_found', 404))
  return v1
}
