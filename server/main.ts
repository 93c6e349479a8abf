// `npm start`'s server: the prerendered site and POST /api/waitlist on one origin, with signups in an
// embedded SQLite file. Configured by environment (see config.ts); stops cleanly on SIGTERM and SIGINT.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { brand } from '../src/brand'
import { readAdminConfig, type AdminConfig } from './admin/admin-config'
import { openAdminStore } from './admin/admin-store'
import { createSignInMailer } from './admin/sign-in-mail'
import { createApp } from './app'
import { readConfig, type ServerConfig } from './config'
import { listen, socketAddress } from './node-server'
import { createStaticSite } from './static'
import { filePathOf, openStore } from './store'

async function main() {
  let config: ServerConfig
  let adminConfig: AdminConfig
  try {
    config = readConfig(process.env)
    adminConfig = readAdminConfig(process.env, config)
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }

  if (config.databaseUrl.startsWith('file:')) mkdirSync(dirname(filePathOf(config.databaseUrl)), { recursive: true })
  const store = await openStore(config.databaseUrl, config.databaseAuthToken)
  const adminStore = await openAdminStore(config.databaseUrl, config.databaseAuthToken)
  const hasSite = existsSync(config.staticDir)
  if (!hasSite) console.warn(`No site to serve at ${config.staticDir}/ (run the build first); serving the waitlist API only.`)
  const app = createApp({
    store,
    allowedOrigins: config.allowedOrigins,
    trustedProxies: config.trustedProxies,
    rateLimit: config.rateLimit,
    clientAddress: socketAddress,
    site: hasSite ? createStaticSite(config.staticDir) : undefined,
    admin: { store: adminStore, adminEmails: adminConfig.adminEmails, publicUrl: adminConfig.publicUrl, sendSignInLink: createSignInMailer(adminConfig.mail) },
  })

  const server = await listen(app, { port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
    store.close()
    adminStore.close()
    if (error.code === 'EADDRINUSE') console.error(`Port ${config.port} is already in use. Set PORT to another port.`)
    else console.error(error)
    process.exit(1)
  })
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(`${brand.companyName} site and waitlist on http://${shownHost}:${server.port} (signups in ${config.databaseUrl})`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: finishing open requests, then stopping.`)
    await server.close()
    store.close()
    adminStore.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

await main()
