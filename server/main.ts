// `npm start`'s server: the prerendered site and POST /api/waitlist on one origin, with signups in an
// embedded SQLite file. Configured by environment (see config.ts); stops cleanly on SIGTERM and SIGINT.
import { existsSync, mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { brand } from '../src/brand'
import { readAdminConfig, type AdminConfig } from './admin/admin-config'
import { createSignInMailer } from './admin/sign-in-mail'
import { createApp } from './app'
import { startOutboxSender } from './consent/outbox-sender'
import { readMailSettings } from './mail/mail-config'
import { createMailer } from './mail/mailer'
import { readConfig, type ServerConfig } from './config'
import { listen, socketAddress } from './node-server'
import { createStaticSite } from './static'
import { StoreOpenError } from './store/contract'
import { redactDatabaseUrl } from './store/database-url'
import { openStore } from './store/open'
import { filePathOf } from './store/sqlite'

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
  // One line naming the problem, never a stack trace or a password: the operator reads it in a deploy log.
  const store = await openStore(config.databaseUrl, { poolSize: config.databasePoolSize }).catch((error: unknown) => {
    console.error(error instanceof StoreOpenError ? error.message : `Cannot open the database: ${(error as Error).message}`)
    process.exit(1)
  })
  // Emails leave from the outbox, in the background: signups never wait for a mail server.
  const mailer = createMailer(readMailSettings(process.env, config.databaseUrl))
  // On SQLite this process is the only sender: leases left by a killed predecessor end now.
  if (store.engine === 'sqlite') await store.consent!.releaseOutboxLeases()
  const sender = startOutboxSender({
    store: store.consent!,
    mailer,
    links: { siteUrl: adminConfig.publicUrl, apiUrl: config.publicApiUrl ?? adminConfig.publicUrl },
  })
  const hasSite = existsSync(config.staticDir)
  if (!hasSite) console.warn(`No site to serve at ${config.staticDir}/ (run the build first); serving the waitlist API only.`)
  const app = createApp({
    store,
    allowedOrigins: config.allowedOrigins,
    trustedProxies: config.trustedProxies,
    rateLimit: config.rateLimit,
    clientAddress: socketAddress,
    site: hasSite ? createStaticSite(config.staticDir) : undefined,
    publicSiteUrl: config.publicSiteUrl,
    onOutboxQueued: sender.poke,
    admin: {
      store: store.admin!,
      adminEmails: adminConfig.adminEmails,
      publicUrl: adminConfig.publicUrl,
      sendSignInLink: createSignInMailer(mailer),
      eraseSignup: (id, now) => store.consent!.eraseById(id, now),
    },
  })

  const server = await listen(app, { port: config.port, host: config.host }).catch((error: NodeJS.ErrnoException) => {
    void store.close()
    if (error.code === 'EADDRINUSE') console.error(`Port ${config.port} is already in use. Set PORT to another port.`)
    else console.error(error)
    process.exit(1)
  })
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host
  console.log(`${brand.companyName} site and waitlist on http://${shownHost}:${server.port} (signups in ${redactDatabaseUrl(config.databaseUrl)})`)
  console.log(`Emails go to ${mailer.destination}`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: finishing open requests, then stopping.`)
    await server.close()
    await sender.stop()
    mailer.close()
    await store.close()
    process.exit(0)
  }
  process.on('SIGTERM', () => void stop('SIGTERM'))
  process.on('SIGINT', () => void stop('SIGINT'))
}

await main()
