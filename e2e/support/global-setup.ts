// Builds the site three times with the real build command (with the stub endpoint, without one for the
// mail-draft fallback, and as `npm start` builds it for the specs that run the whole server) into .e2e/, never
// touching dist/, then starts the two static hosts and the stub endpoint. Global teardown stops them. A build of the
// same sources made before (in `npm test`, the production build's test makes the one `npm start` serves) is copied
// rather than made again (tools/site-build.ts). E2E_SKIP_BUILD=1 reuses the builds in .e2e/ as they are, whatever
// the sources, while iterating.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { mailtoSiteDir, mailtoSitePort, serverSiteDir, siteDir, sitePort, stubEndpoint, stubPort } from './ports'
import { startStaticServer } from '../../tools/static-server'
import { siteBuild } from '../../tools/site-build'
import { startWaitlistStub } from './waitlist-stub'
import { setRunningServers, stopRunningServers } from './running-servers'

const projectRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..')

async function build(outDir: string, endpoint: string) {
  const made = await siteBuild(endpoint)
  const target = join(projectRoot, outDir)
  await rm(target, { recursive: true, force: true })
  await cp(made.dir, target, { recursive: true })
  if (!made.kept) await rm(made.dir, { recursive: true, force: true })
  console.log(`The site with ${endpoint ? `the endpoint ${endpoint}` : 'no endpoint'}: ${made.reused ? 'the build of these sources made before' : 'built'}`)
}

/** True when the built client bundle of `dir` names `endpoint`: guards against serving the wrong build. */
function bundleNames(dir: string, endpoint: string) {
  const assets = join(projectRoot, dir, 'assets')
  return readdirSync(assets).some((file) => file.endsWith('.js') && readFileSync(join(assets, file), 'utf8').includes(endpoint))
}

export default async function globalSetup() {
  const builds = [
    { dir: siteDir, endpoint: stubEndpoint },
    { dir: mailtoSiteDir, endpoint: '' },
    // What `npm start` builds (package.json "start").
    { dir: serverSiteDir, endpoint: '/api/waitlist' },
  ]
  const reuse = process.env.E2E_SKIP_BUILD === '1' && builds.every(({ dir }) => existsSync(join(projectRoot, dir, '404.html')))
  if (!reuse) for (const { dir, endpoint } of builds) await build(dir, endpoint)
  if (!bundleNames(siteDir, stubEndpoint)) throw new Error(`${siteDir} was not built with ${stubEndpoint}`)
  if (bundleNames(mailtoSiteDir, '127.0.0.1:')) throw new Error(`${mailtoSiteDir} names an endpoint; it must be built without one`)
  if (bundleNames(serverSiteDir, '127.0.0.1:') || !bundleNames(serverSiteDir, '/api/waitlist')) throw new Error(`${serverSiteDir} was not built as npm start builds it`)

  const starts = [
    () => startWaitlistStub({ port: stubPort }),
    () => startStaticServer({ root: join(projectRoot, siteDir), port: sitePort }),
    () => startStaticServer({ root: join(projectRoot, mailtoSiteDir), port: mailtoSitePort }),
  ]
  const servers: { close: () => Promise<void> }[] = []
  setRunningServers(servers)
  try {
    for (const start of starts) servers.push(await start())
  } catch (error) {
    await stopRunningServers()
    throw new Error(`could not start the suite's servers (is one of the ports ${stubPort}–${mailtoSitePort} in use?): ${String(error)}`)
  }
}
