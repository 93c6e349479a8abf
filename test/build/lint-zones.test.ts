// @vitest-environment node
// The server's lint zones (eslint.config.js; docs/architecture.md, "Where the code lives"), through ESLint's own
// API with the project's config: an import from one feature into another's files, from the platform into a
// feature, or from either into the composition fails the lint (so npm test); the imports each layer may make
// pass; and today's server holds the zones.
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
let eslint: ESLint
beforeAll(() => {
  eslint = new ESLint({ cwd: root })
})

/** The messages of the import rule for `code` written at `filePath` (which need not exist). */
async function zoneErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` })
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

describe('a feature', () => {
  it.each([
    ['a store', "import { line } from '../referral/line'", 'server/features/signup/x.ts'],
    ['a type only', "import type { ConsentStore } from '../consent/consent-store'", 'server/features/signup/x.ts'],
    ['the path through features/', "import { invitations } from '../../features/launch/invitations'", 'server/features/signup/x.ts'],
    ['a re-export', "export { heldInvitation } from '../launch/held-invitation'", 'server/features/referral/x.ts'],
    ['from a folder inside the feature', "import { line } from '../../referral/line'", 'server/features/consent/emails/x.ts'],
  ])("never imports another feature's files: %s", async (_, code, filePath) => {
    expect(await zoneErrors(code, filePath)).toEqual([expect.stringContaining("A feature never imports another feature's files")])
  })

  it('never imports the composition', async () => {
    expect(await zoneErrors("import { readConfig } from '../../config'", 'server/features/console/x.ts')).toEqual([expect.stringContaining('The composition (server/*.ts)')])
  })

  it("imports another feature's public module, its own files, the platform, shared/ and machines/", async () => {
    const code = [
      "import { erasedEmailHash, type ConsentSubscriber } from '../consent/public'",
      "import type { Line } from '../referral/public'",
      "import { invitations } from './invitations'",
      "import type { Db } from '../../platform/database/database'",
      "import { transactionEvents } from '../../platform/events/transaction-events'",
      "import { invitationRules } from '../../../shared/rules'",
      "import type { HeldInvitation } from '../../../machines/signup-consent-machine'",
    ].join('\n')
    expect(await zoneErrors(code, 'server/features/launch/x.ts')).toEqual([])
  })
})

describe('the platform', () => {
  it.each([
    ["a feature's store", "import type { Signups } from '../../features/signup/signup-store'", 'server/platform/observability/x.ts'],
    ["even a feature's public module", "import type { ConsentEvents } from '../../features/consent/public'", 'server/platform/events/x.ts'],
    ['from deeper in the platform', "import { referralMigrations } from '../../../features/referral/migrations'", 'server/platform/database/engines/x.ts'],
  ])('never imports a feature: %s', async (_, code, filePath) => {
    expect(await zoneErrors(code, filePath)).toEqual([expect.stringContaining('The platform knows no feature')])
  })

  it('never imports the composition', async () => {
    expect(await zoneErrors("import { ConfigError } from '../../settings'", 'server/platform/mail/x.ts')).toEqual([expect.stringContaining('The composition (server/*.ts)')])
  })

  it('imports the platform and shared/', async () => {
    const code = ["import type { Db } from '../database/database'", "import { folderProblem } from '../folders'", "import { brand } from '../../../shared/brand'"].join('\n')
    expect(await zoneErrors(code, 'server/platform/mail/x.ts')).toEqual([])
  })
})

it('lets the composition import any feature and the platform', async () => {
  const code = ["import { consentStore } from './features/consent/consent-store'", "import { line } from './features/referral/line'", "import { openDatabase } from './platform/database/open'"].join('\n')
  expect(await zoneErrors(code, 'server/app.ts')).toEqual([])
})

it('holds on the server as it is', async () => {
  const results = await eslint.lintFiles(['server'])
  const broken = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => `${result.filePath}:${message.line} ${message.message}`))
  expect(broken).toEqual([])
}, 120_000)
