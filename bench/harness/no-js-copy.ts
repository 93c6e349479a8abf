// The no-JS copy of the built site that the benchmarks compare against: the same pages with every script
// and modulepreload removed, the physical limit for a page that looks the same.
import { cp, readFile, readdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** The same page with every script and modulepreload removed. */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
}

/** Copies the site in `dist` to `target` with the scripts stripped from every HTML page. */
export async function makeNoJsCopy(dist: string, target: string) {
  await cp(dist, target, { recursive: true })
  for (const entry of await readdir(target, { recursive: true })) {
    if (!entry.endsWith('.html')) continue
    const file = join(target, entry)
    await writeFile(file, stripScripts(await readFile(file, 'utf8')))
  }
}
