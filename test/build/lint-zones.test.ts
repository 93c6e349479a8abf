// @vitest-environment node
// The server's lint zones (eslint.config.js; docs/architecture.md, "Where the code lives"), through ESLint's own
// API with the project's config: an import from one feature into another's files, from the platform into a
// feature, from either into the composition, or from compose.ts into any feature (the list of wings, wings.ts,
// imports their manifests) fails the lint (so npm test); the imports each layer may make pass; and today's server
// holds the zones. Beside it, tools/, bench/, gallery/ and scripts/ never import the suites' helpers (test/, e2e/).
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../', import.meta.url))
let eslint: ESLint
beforeAll(() => {
  // The zones are the rule below: the project's config with only it run (the rest is `npm run lint`'s), which reports
  // the same messages of it in a fraction of the time.
  eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' })
})

/** The messages of the import rule for `code` written at `filePath` (which need not exist). */
async function zoneErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` })
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message)
}

const anotherFeature = "A feature never imports another feature's files"
const aFeature = 'The platform knows no feature'
const theComposition = 'The composition (server/*.ts)'

it.each([
  ['a feature', 'a store of another', "import { line } from '../referral/line'", 'server/features/signup/x.ts', anotherFeature],
  ['a feature', "another's type only", "import type { ConsentStore } from '../consent/consent-store'", 'server/features/signup/x.ts', anotherFeature],
  ['a feature', 'another through features/', "import { invitations } from '../../features/launch/invitations'", 'server/features/signup/x.ts', anotherFeature],
  ['a feature', "a re-export of another's file", "export { heldInvitation } from '../launch/held-invitation'", 'server/features/referral/x.ts', anotherFeature],
  ['a feature', 'another from a folder inside it', "import { line } from '../../referral/line'", 'server/features/consent/emails/x.ts', anotherFeature],
  ['a feature', 'the composition', "import { readConfig } from '../../config'", 'server/features/console/x.ts', theComposition],
  ['the platform', "a feature's store", "import type { Signups } from '../../features/signup/signup-store'", 'server/platform/observability/x.ts', aFeature],
  ['the platform', "even a feature's public module", "import type { ConsentEvents } from '../../features/consent/public'", 'server/platform/events/x.ts', aFeature],
  ['the platform', 'a feature, from deeper in the platform', "import { referralMigrations } from '../../../features/referral/migrations'", 'server/platform/database/engines/x.ts', aFeature],
  ['the platform', 'the composition', "import { ConfigError } from '../../settings'", 'server/platform/mail/x.ts', theComposition],
  ['the composition', 'a feature', "import { consentStore } from './features/consent/consent-store'", 'server/compose.ts', 'The composition names no feature'],
  ['the composition', "even a feature's wing", "import { consentWing } from './features/consent/wing'", 'server/app.ts', 'The composition names no feature'],
  ['the list of wings', "a wing's other files", "import { line } from './features/referral/line'", 'server/wings.ts', "The list of wings imports each wing's manifest"],
  ['a benchmark', "the tests' helpers", "import { validSignup } from '../test/server/harness'", 'bench/x.ts', 'Only the suites import from test/ and e2e/'],
  ["a benchmark's part", "the tests' helpers", "import { memoryMailer } from '../../test/utils/memory-mailer'", 'bench/console/x.ts', 'Only the suites import from test/ and e2e/'],
  ['the gallery', "the browser tests' helpers", "import { siteUrl } from '../e2e/support/ports'", 'gallery/x.ts', 'Only the suites import from test/ and e2e/'],
  ['a script', "the tests' helpers", "import { until } from '../test/utils/until'", 'scripts/x.ts', 'Only the suites import from test/ and e2e/'],
  ['tools/', "the tests' helpers", "import { freshDatabase } from '../test/server/harness'", 'tools/x.ts', 'Only the suites import from test/ and e2e/'],
])('%s never imports %s', async (_layer, _what, code, filePath, message) => {
  expect(await zoneErrors(code, filePath)).toEqual([expect.stringContaining(message)])
})

it.each([
  [
    "a feature imports another feature's public module, its own files, the platform, shared/ and machines/",
    'server/features/launch/x.ts',
    [
      "import { erasedEmailHash, type ConsentSubscriber } from '../consent/public'",
      "import type { Line } from '../referral/public'",
      "import { invitations } from './invitations'",
      "import type { Db } from '../../platform/database/database'",
      "import { transactionEvents } from '../../platform/events/transaction-events'",
      "import { invitationRules } from '../../../shared/rules'",
      "import type { HeldInvitation } from '../../../machines/signup-consent-machine'",
    ],
  ],
  ['the platform imports the platform and shared/', 'server/platform/mail/x.ts', ["import type { Db } from '../database/database'", "import { folderProblem } from '../folders'", "import { brand } from '../../../shared/brand'"]],
  [
    "the host's files import any feature and the platform",
    'server/settings.ts',
    ["import { readAdminConfig } from './features/console/admin-config'", "import { line } from './features/referral/line'", "import { openDatabase } from './platform/database/open'"],
  ],
  ['the list of wings imports each wing\'s manifest', 'server/wings.ts', ["import { consentWing } from './features/consent/wing'", "import type { Wing } from './platform/wing/wing'"]],
])('%s', async (_, filePath, imports) => {
  expect(await zoneErrors(imports.join('\n'), filePath)).toEqual([])
})

it('holds on tools/, bench/, gallery/ and scripts/ as they are', async () => {
  const results = await eslint.lintFiles(['tools', 'bench', 'gallery', 'scripts'])
  const broken = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => `${result.filePath}:${message.line} ${message.message}`))
  expect(broken).toEqual([])
}, 120_000)

it('holds on the server as it is', async () => {
  const results = await eslint.lintFiles(['server'])
  const broken = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => `${result.filePath}:${message.line} ${message.message}`))
  expect(broken).toEqual([])
}, 120_000)
