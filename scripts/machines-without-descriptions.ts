import { Visitor, parseSync, type Plugin } from 'vite'

// A machine's states and transitions carry a `description` for the people who read its chart: Stately's tools, the
// inspector in development, and docs/state-charts.md, which scripts/state-charts.ts writes from the source. Nothing
// reads one in a visitor's browser, yet each is a sentence in the JavaScript a page loads up front (the waitlist
// form's and the header's: about 0.5 KB gzip of `/`'s budget, docs/performance.md). The site's build leaves them
// out of the machines it bundles; the source, and everything that reads it, keeps them.
const machineFile = /[\\/]machines[\\/][^\\/]+-machine\.ts$/

export function machinesWithoutDescriptions(): Plugin {
  return {
    name: 'machines-without-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!machineFile.test(id)) return null
      // Every `description: <text>` property: a string, or a template whose parts are constants (a sentence).
      const cuts: [number, number][] = []
      new Visitor({
        Property(property) {
          const { key, value } = property
          const named = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : undefined
          if (named !== 'description' || property.computed || (value.type !== 'Literal' && value.type !== 'TemplateLiteral')) return
          // With the comma after it, if there is one, so that the object stays well formed.
          const end = /^\s*,/.exec(code.slice(property.end))?.[0].length ?? 0
          cuts.push([property.start, property.end + end])
        },
      }).visit(parseSync(id, code, { lang: 'ts' }).program)
      if (cuts.length === 0) return null
      let stripped = code
      for (const [start, end] of cuts.sort((a, b) => b[0] - a[0])) {
        // The parser's offsets must be the string's own (UTF-16), or the cut would land elsewhere: fail the build.
        if (!/^['"]?description/.test(stripped.slice(start, end))) throw new Error(`machines-without-descriptions: offsets do not match the text of ${id}`)
        stripped = stripped.slice(0, start) + stripped.slice(end)
      }
      return { code: stripped, map: null }
    },
  }
}
