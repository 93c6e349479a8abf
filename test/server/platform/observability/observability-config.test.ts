// @vitest-environment node
// The logs' and metrics' variables are checked at start like every other (config.ts): a wrong one is named in the
// one line that stops the start, and METRICS_TOKEN, a secret, is never quoted back. A metrics port that cannot be
// had stops the start naming METRICS_PORT, not PORT.
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readConfig } from '../../../../server/config'
import { ConfigError } from '../../../../server/platform/config-error'
import { makeTempDir } from '../../harness'
import { failingStart, stopAll } from '../../../../tools/processes'
import { onlyOn } from '../../../utils/store-suite'

onlyOn('sqlite', 'the settings are refused at start, before the database is opened, so the engine plays no part')

const problemsOf = (env: Record<string, string>) => {
  try {
    readConfig(env)
    return []
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    return error.problems
  }
}
const token = 'f'.repeat(64)

describe('LOG_LEVEL and METRICS_*', () => {
  it('reads them, with the defaults: info, no metrics port, 127.0.0.1, no token', () => {
    expect(readConfig({})).toMatchObject({ logLevel: 'info', metrics: { port: undefined, host: '127.0.0.1', token: undefined } })
    expect(readConfig({ LOG_LEVEL: ' WARN ', METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token })).toMatchObject({
      logLevel: 'warn',
      metrics: { port: 9464, host: '10.0.0.5', token },
    })
    expect(readConfig({ METRICS_PORT: '0' }).metrics.port).toBe(0)
  })

  it.each([
    [{ LOG_LEVEL: 'verbose' }, /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "verbose"$/],
    [{ METRICS_PORT: '70000' }, /^METRICS_PORT must be a whole number from 0 to 65535/],
    [{ METRICS_PORT: '9464', METRICS_HOST: 'not a host' }, /^METRICS_HOST must be an address to listen on/],
    [{ METRICS_HOST: '10.0.0.5' }, /^METRICS_HOST needs METRICS_PORT/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, /^METRICS_PORT must differ from PORT \(8080\)/],
    [{ METRICS_TOKEN: 'short-secret' }, /^METRICS_TOKEN must be at least 32 printable characters/],
    [{ METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` }, /^METRICS_TOKEN must be at least 32 printable characters with no spaces/],
  ])('%o is refused', (env: Record<string, string>, problem) => {
    const problems = problemsOf(env)
    expect(problems).toEqual([expect.stringMatching(problem)])
    if (env.METRICS_TOKEN) expect(problems.join()).not.toContain(env.METRICS_TOKEN.slice(0, 8))
  })
})

describe('at start', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>> | undefined
  let holder: Server | undefined
  afterAll(async () => {
    stopAll()
    holder?.close()
    await temp?.remove()
  })

  it('a metrics port already in use stops the start with one plain line naming METRICS_PORT', async () => {
    temp = await makeTempDir()
    holder = createServer()
    await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve))
    const port = (holder.address() as { port: number }).port
    const result = await failingStart({ DATABASE_URL: `file:${join(temp.dir, 'metrics.db')}`, METRICS_PORT: String(port), MAIL_DIR: join(temp.dir, 'mail') })
    expect(result.code).toBe(1)
    // Before it: the JSON warning that no site is built; the refusal itself is plain.
    const lines = result.output.trim().split('\n')
    expect(lines.at(-1)).toBe(`Port ${port} is already in use. Set METRICS_PORT to another port.`)
    for (const line of lines.slice(0, -1)) expect(JSON.parse(line)).toMatchObject({ level: 'warn' })
  })
})
