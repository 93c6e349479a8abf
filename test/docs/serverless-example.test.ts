// @vitest-environment node
// The serverless example (docs/operations.md, linked from the README) is server/aws-lambda.ts, which tsc and
// eslint check with the rest of the server: the page shows that file (after its opening comment) word for word,
// so it cannot drift from code that compiles.
import { readFile } from 'node:fs/promises'

it('shows server/aws-lambda.ts as it is', async () => {
  const page = await readFile('docs/operations.md', 'utf8')
  const section = page.slice(page.indexOf('## The endpoint on a serverless or edge host'))
  const shown = /```ts\n([\s\S]*?)```/.exec(section)?.[1]
  const file = await readFile('server/aws-lambda.ts', 'utf8')
  expect(shown).toBe(file.replace(/^(\/\/.*\n)+/, ''))
})
