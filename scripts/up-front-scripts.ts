/** Every module a prerendered page asks for as it loads: script and modulepreload tags, and the modules the
 * inline loader requests right after the first paint (an unescaped "/assets/….js" string in an inline
 * script; the copy inside the router's dehydrated state is escaped and so not counted twice). */
export function upFrontScripts(html: string): string[] {
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!)
  const preloads = [...html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!)
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].flatMap((match) =>
    [...match[1]!.matchAll(/(?<!\\)"(\/assets\/[^"\\]+\.js)"/g)].map((found) => found[1]!),
  )
  return [...new Set([...sources, ...preloads, ...inline])]
}
