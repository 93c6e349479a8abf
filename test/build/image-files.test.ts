// @vitest-environment node
// Docker cannot run on the machines we build on, and base images cannot be pulled there: the Dockerfile and
// compose.yaml are held here to what was tested. The image's last stage makes the production install that
// production-install.test.ts makes and runs (the same files copied, the same npm ci, the same commands); every
// variable the image and compose set is a setting the README documents, and compose's values pass the server's
// own check of its settings. What this does not show (the image builds, the containers start): docs/operations.md.
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { readSettings } from '../../server/settings'
import { builtFolders, imageEnvironment, installCommand, manifestFiles, migrateCommand, startCommand } from './production-install'

// yaml (2.x) is installed with the dependencies (@hono/zod-openapi's openapi3-ts uses it); no package is added for this.
type Instruction = { keyword: string; args: string }
type Service = { image?: string; build?: string; command?: string[]; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; deploy?: { replicas?: number }; ports?: string[]; healthcheck?: { test: string[] }; volumes?: string[] }

/** The Dockerfile's instructions, continuation lines joined and comments left out, in stages. */
function stagesOf(text: string): Instruction[][] {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'))
  const stages: Instruction[][] = [[]]
  for (const line of lines) {
    const [keyword, ...rest] = line.split(/\s+/)
    const instruction = { keyword: keyword!.toUpperCase(), args: rest.join(' ') }
    if (instruction.keyword === 'FROM') stages.push([])
    stages.at(-1)!.push(instruction)
  }
  return stages
}

const dockerfile = readFileSync('Dockerfile', 'utf8')
const [global, ...stages] = stagesOf(dockerfile)
const final = stages.at(-1)!
const compose = parse(readFileSync('compose.yaml', 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes?: Record<string, unknown> }
const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }

const readme = readFileSync('README.md', 'utf8')
const table = readme.slice(readme.indexOf('| Variable | Default | Meaning |'))
const documented = new Set([...table.slice(0, table.indexOf('\n\n')).matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!))
/** Variables read by Node and the libraries, not by the server's settings: each says where it is documented. */
const notSettings: Record<string, string> = { NODE_ENV: 'docs/operations.md, "The image": React and the libraries read it' }

const of = (stage: Instruction[], keyword: string) => stage.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args)
const envOf = (stage: Instruction[]) => Object.fromEntries(of(stage, 'ENV').flatMap((args) => [...args.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((match) => [match[1]!, match[2]!])))

describe('the Dockerfile', () => {
  it('builds in one stage and runs in another, from a slim Node of a pinned version', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2)
    const baseArg = of(global!, 'ARG').find((args) => args.startsWith('NODE_IMAGE='))
    expect(baseArg).toMatch(/^NODE_IMAGE=node:\d+\.\d+\.\d+-bookworm-slim$/)
    for (const stage of stages) expect(of(stage, 'FROM')[0]).toMatch(/^\$\{NODE_IMAGE\}( AS \w+)?$/)
    // The build stage makes the site and the server with the scripts the tests use.
    const build = stages[0]!
    expect(of(build, 'RUN').join(' ')).toContain('npm run build && npm run build:server')
    expect(manifest.scripts['build:server']).toBe('tsx scripts/build-server.ts')
  })

  it("makes the last stage's install as the tested production install does, and starts it with node", () => {
    const copied = of(final, 'COPY')
    expect(copied[0]).toBe(`${manifestFiles.join(' ')} ./`)
    expect(of(final, 'RUN')[0]).toBe(`${installCommand.join(' ')} && npm cache clean --force`)
    // Nothing of the build stage but its output: no node_modules, no sources.
    expect(copied.slice(1)).toEqual(builtFolders.map((folder) => `--from=build /src/${folder} ./${folder}`))
    expect(JSON.parse(of(final, 'CMD')[0]!)).toEqual([...startCommand])
    expect(envOf(final)).toEqual(imageEnvironment)
  })

  it('runs as a user other than root, keeps its data in a volume, and checks /healthz with node', () => {
    expect(of(final, 'USER')).toEqual(['node'])
    const dataFolder = imageEnvironment.DATABASE_URL.replace(/^file:/, '').replace(/\/[^/]+$/, '')
    expect(of(final, 'VOLUME')).toEqual([dataFolder])
    const [healthcheck] = of(final, 'HEALTHCHECK')
    expect(healthcheck).toMatch(/CMD \["node", "-e", ".*\/healthz.*"\]$/)
    expect(healthcheck).not.toMatch(/curl|wget/)
  })

  it('bakes no secret in, and sets only documented variables', () => {
    for (const stage of [global!, ...stages])
      for (const [name] of [...Object.entries(envOf(stage)), ...of(stage, 'ARG').map((args) => args.split('='))])
        expect(name, `${name} in the Dockerfile`).not.toMatch(/PASSWORD|SECRET|TOKEN|KEY|SMTP_URL/)
    for (const name of Object.keys(envOf(final))) expect(documented.has(name) || name in notSettings, `${name} is set by the image`).toBe(true)
  })
})

describe('compose.yaml', () => {
  const { db, migrate, app, proxy } = compose.services
  // Compose's own substitution, with a password of the kind the file asks for and nothing else in .env.
  const substituted = (environment: Record<string, string>) =>
    Object.fromEntries(Object.entries(environment).map(([name, value]) => [name, value.replace(/\$\{POSTGRES_PASSWORD[^}]*\}/g, '0123abcd').replace(/\$\{[A-Z_]+:-\}/g, '')]))

  it('runs PostgreSQL with pg_isready as its health check, on a named volume', () => {
    expect(db!.image).toMatch(/^postgres:\d+\.\d+/)
    expect(db!.healthcheck!.test.join(' ')).toContain('pg_isready')
    const [volume] = db!.volumes![0]!.split(':')
    expect(Object.keys(compose.volumes ?? {})).toContain(volume)
  })

  it('migrates once, with the tested command, before the instances start, and the instances do not migrate', () => {
    expect(migrate!.command).toEqual([...migrateCommand])
    expect(migrate!.depends_on).toEqual({ db: { condition: 'service_healthy' } })
    expect(app!.command).toEqual([...startCommand])
    expect(app!.depends_on).toEqual({ db: { condition: 'service_healthy' }, migrate: { condition: 'service_completed_successfully' } })
    expect(app!.environment!.MIGRATE_AT_START).toBe('false')
    expect(migrate!.image).toBe(app!.image)
  })

  it('puts two instances behind one port', () => {
    expect(app!.deploy!.replicas).toBe(2)
    expect(app!.ports).toBeUndefined()
    expect(proxy!.ports).toHaveLength(1)
    expect(proxy!.depends_on).toEqual({ app: { condition: 'service_healthy' } })
    expect(readFileSync('deploy/nginx.conf', 'utf8')).toMatch(/set \$app http:\/\/app:3000;\s+proxy_pass \$app;/)
  })

  it("sets only documented settings, and values the server's own check accepts", () => {
    for (const service of [migrate!, app!]) {
      for (const name of Object.keys(service.environment!)) expect(documented.has(name), `${name} is set by compose`).toBe(true)
      const env = { ...imageEnvironment, ...substituted(service.environment!) }
      expect(() => readSettings(env)).not.toThrow()
      expect(readSettings(env).config.databaseUrl).toMatch(/^postgres:\/\/waitlist:0123abcd@db:5432\/waitlist$/)
    }
  })
})
