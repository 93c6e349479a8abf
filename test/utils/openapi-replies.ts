// A reply of /api/v1 held to the OpenAPI document the server serves (issue 33's check, for every route that wants
// it): the document is read from the server, and each reply's body validated with ajv against the schema the
// document declares for its route and status, not with the zod schemas that made the document.
import { Ajv2020 } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { apiV1DocumentPath } from '../../shared/api-keys'

export type ApiReply = { route: string; status: number; body: unknown }

type Document = { openapi: string; paths: Record<string, { post?: { responses: Record<string, unknown> } }> }

/** The server's document, and a check of one reply: undefined when it matches, else why not. */
export async function openApiReplies(origin: string) {
  const document = (await (await fetch(`${origin}${apiV1DocumentPath}`)).json()) as Document
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats.default(ajv)
  ajv.addSchema(document, 'openapi.json')
  const pointer = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1')
  return {
    document,
    problemOf({ route, status, body }: ApiReply): string | undefined {
      if (!document.paths[route]?.post?.responses[String(status)]) return `${route} ${status} is not in the document`
      const validate = ajv.getSchema(`openapi.json#/paths/${pointer(route)}/post/responses/${status}/content/${pointer('application/json')}/schema`)
      if (!validate) return `${route} ${status} has no JSON schema in the document`
      return validate(body) ? undefined : `${route} ${status}: ${JSON.stringify(validate.errors)}`
    },
  }
}
