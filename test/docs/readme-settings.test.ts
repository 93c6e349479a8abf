// @vitest-environment node
// The README's table of variables is the server's settings, no more and no fewer: `readSettings` is given an
// environment that notes every name it asks for (whatever module asks), and the table's rows are compared with
// those names. A new setting without its row, or a row left after its setting went, fails here. The key's change
// (scripts/rotate-answers-key.ts) reads the same settings and one of its own, which has its row too.
import { readFileSync } from 'node:fs'
import { readNewAnswersKey } from '../../server/config'
import { readSettings } from '../../server/settings'

const readme = readFileSync('README.md', 'utf8')
const table = readme.slice(readme.indexOf('| Variable | Default | Meaning |'))
const documented = [...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1])

function namesRead(values: Record<string, string> = {}): Set<string> {
  const asked = new Set<string>()
  const env = new Proxy(values as Record<string, string | undefined>, {
    get: (target, name) => (typeof name === 'string' && asked.add(name), target[name as string]),
    has: (target, name) => (typeof name === 'string' && asked.add(name), name in target),
  })
  readSettings(env)
  try {
    readNewAnswersKey(env)
  } catch {
    // Unset here: its name was asked for, which is what counts.
  }
  return asked
}

describe("the README's variables", () => {
  it('are every setting the server reads, each once', () => {
    // The metrics' host is read only with a metrics port: ask with one, so every branch is taken.
    const read = new Set([...namesRead(), ...namesRead({ METRICS_PORT: '0', METRICS_TOKEN: 'x'.repeat(32) })])
    expect(documented.length).toBeGreaterThan(20)
    expect(new Set(documented).size).toBe(documented.length)
    expect([...read].sort()).toEqual([...documented].sort())
  })
})
