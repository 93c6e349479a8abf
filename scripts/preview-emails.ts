// `npm run preview:emails`: every email the service sends (scripts/email-samples.ts), rendered from its
// component with sample data on a local page: headers, the HTML in the light and the dark scheme, the plain
// text, and the .eml to open in a real mail client. It restarts when a file changes (tsx watch); reload.
import { createServer } from 'node:http'
import nodemailer from 'nodemailer'
import { readMailSettings } from '../server/platform/mail/mail-config'
import { paintedDark } from '../server/platform/mail/email-theme'
import { composeMessage } from '../server/platform/mail/mailer'
import { emailSamples } from './email-samples'

const port = Number(process.env.PORT ?? 5175)
const host = process.env.HOST ?? '127.0.0.1'
const settings = readMailSettings(process.env, 'file:data/waitlist.db')
const eml = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!)

/** Each sample built afresh, timed, as the mailer would hand it to nodemailer. */
function build(component: string) {
  const sample = emailSamples.find((entry) => entry.component === component)
  if (!sample) return undefined
  const started = performance.now()
  const mail = sample.build()
  const ms = performance.now() - started
  return { mail, ms, message: composeMessage(settings, mail) }
}

function indexPage(): string {
  const sections = emailSamples.map(({ component }) => {
    const { mail, ms, message } = build(component)!
    const headers = { From: message.from, 'Reply-To': message.replyTo, To: mail.to, Subject: mail.subject, ...mail.headers }
    const rows = Object.entries(headers).map(([name, value]) => `<tr><th>${escape(name)}</th><td>${escape(value)}</td></tr>`).join('')
    return `<section><h2>${escape(component)}</h2>
<p>Built in ${ms.toFixed(1)} ms · <a href="/${component}.html">HTML</a> · <a href="/${component}.txt">text</a> · <a href="/${component}.eml">.eml</a></p>
<table>${rows}</table>
<div class="frames"><iframe title="${component}, light" src="/${component}.html"></iframe><iframe title="${component}, dark" src="/${component}.html?scheme=dark"></iframe></div>
<pre>${escape(mail.text)}</pre></section>`
  })
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Email preview</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:24px;max-width:1200px}th{text-align:left;padding-right:12px;vertical-align:top}
.frames{display:flex;gap:16px}iframe{flex:1;height:640px;border:1px solid #ccc}pre{white-space:pre-wrap;background:#f4f4f4;padding:12px}
</style></head><body><h1>Every email, with sample data</h1><p>Light on the left, dark on the right.</p>${sections.join('\n')}</body></html>`
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`)
  const reply = (status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers })
    response.end(body)
  }
  try {
    if (url.pathname === '/') return reply(200, 'text/html; charset=utf-8', indexPage())
    const [, component, kind] = /^\/([\w-]+)\.(html|txt|eml)$/.exec(url.pathname) ?? []
    const built = component ? build(component) : undefined
    if (!built) return reply(404, 'text/plain; charset=utf-8', 'No such email. The list is at /.')
    if (kind === 'html') return reply(200, 'text/html; charset=utf-8', url.searchParams.get('scheme') === 'dark' ? paintedDark(built.mail.html) : built.mail.html)
    if (kind === 'txt') return reply(200, 'text/plain; charset=utf-8', built.mail.text)
    const sent = await eml.sendMail(built.message)
    return reply(200, 'message/rfc822', sent.message as Buffer, { 'Content-Disposition': `attachment; filename="${component}.eml"` })
  } catch (error) {
    console.error(error)
    return reply(500, 'text/plain; charset=utf-8', String((error as Error).stack ?? error))
  }
})

server.listen(port, host, () => console.log(`Email preview on http://${host}:${port}`))
