// Secrets inside URLs (SMTP_URL, DATABASE_URL) never reach a log line: the password is shown as ***.
const secretParameters = ['password', 'sslpassword', 'pass']

/** The URL with its password (in the user part or a password= parameter) replaced by ***. A text that does not
 * parse as scheme://user:password@host loses everything before its last @, so a mistyped URL cannot leak either. */
export function redactUrl(text: string): string {
  const start = text.indexOf('://')
  try {
    const url = new URL(text)
    if (start >= 0) {
      const secrets = Boolean(url.password) || secretParameters.some((name) => url.searchParams.has(name))
      if (!secrets) return text // as typed, which the operator recognises
      if (url.password) url.password = '***'
      for (const name of secretParameters) if (url.searchParams.has(name)) url.searchParams.set(name, '***')
      return url.href
    }
  } catch {
    // masked below
  }
  const at = text.lastIndexOf('@')
  const masked = text.replace(/(password|pass)=[^&#]*/gi, '$1=***')
  if (at < 0) return masked
  if (start < 0 || at < start) return `***${masked.slice(masked.lastIndexOf('@'))}`
  const user = text.slice(start + 3, at).split(':')[0] ?? ''
  return `${text.slice(0, start + 3)}${user}:***${masked.slice(masked.lastIndexOf('@'))}`
}

/** `text` with every secret of the URLs in `urls` replaced, for messages that came from elsewhere (a driver's
 * error) and might quote one. */
export function scrubSecrets(text: string, urls: (string | undefined)[]): string {
  let scrubbed = text
  for (const url of urls) {
    if (!url) continue
    for (const secret of secretsOf(url)) scrubbed = scrubbed.split(secret).join('***')
  }
  return scrubbed
}

/** A message for a command's one line of failure (a deploy log shows the first line): its line breaks made spaces,
 * and every secret of the URLs in `urls` replaced (scrubSecrets). */
export const oneScrubbedLine = (text: string, urls: (string | undefined)[]) => scrubSecrets(text.replace(/\s*[\r\n]+\s*/g, ' '), urls)

function secretsOf(text: string): string[] {
  const secrets: string[] = []
  try {
    const url = new URL(text)
    if (url.password) secrets.push(url.password, safeDecode(url.password))
    for (const name of secretParameters) {
      const value = url.searchParams.get(name)
      if (value) secrets.push(value)
    }
  } catch {
    // read by hand below
  }
  // Whatever stands between the user name and the last @, however malformed the rest.
  const start = text.indexOf('://')
  const at = text.lastIndexOf('@')
  const userinfo = at < 0 ? '' : text.slice(start >= 0 && start < at ? start + 3 : 0, at)
  const colon = userinfo.indexOf(':')
  if (colon >= 0) secrets.push(userinfo.slice(colon + 1))
  return secrets.filter(Boolean)
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
