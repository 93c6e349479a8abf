// The two scripts every prerendered page carries inline, compiled from their TypeScript in src/boot/ when the
// site is built: the early-event recorder (src/boot/inline-recorder.ts) and the loader of the app's modules
// (src/boot/inline-loader.ts). Each is bundled on its own into one minified function call that imports
// nothing. The CSP allows them by hash, and the hashes are taken from the finished pages
// (server/platform/http/security-headers.ts, inlineScriptHashes), so they always match the bytes written here.
import { build, type Rolldown } from 'vite'

/** Where the loader's source names the page's modules; each page's list is written in its place. */
const appModulesPlaceholder = '__APP_MODULES__'

export interface InlineScripts {
  /** The early-event recorder, the same on every page. */
  recorder: string
  /** The loader of a page's modules, the app's entry first. */
  loader: (modules: readonly string[]) => string
}

export async function compileInlineScripts(): Promise<InlineScripts> {
  const [recorder, loader] = await Promise.all([compileInline('src/boot/inline-recorder.ts'), compileInline('src/boot/inline-loader.ts')])
  if (loader.split(appModulesPlaceholder).length !== 2) throw new Error(`the compiled loader must name ${appModulesPlaceholder} once`)
  // A JSON array is a JavaScript expression; the paths are Vite's asset names, so they hold no "</script".
  return { recorder, loader: (modules) => loader.replace(appModulesPlaceholder, JSON.stringify(modules)) }
}

/** `entry` bundled on its own into one minified function call that imports nothing, for a page to carry inline (the
 * console's early script too: vite.admin.config.ts). */
export async function compileInline(entry: string): Promise<string> {
  const result = await build({
    configFile: false,
    envFile: false,
    logLevel: 'silent',
    publicDir: false,
    build: {
      write: false,
      // The recorder matters most where the app cannot run at all, so it is not held to the app's target (nor is the
      // console's early script, which only asks).
      target: 'es2015',
      minify: true,
      modulePreload: false,
      reportCompressedSize: false,
      rolldownOptions: { input: entry, output: { format: 'iife' } },
    },
  })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk')
  if (chunks.length !== 1) throw new Error(`${entry} compiled to ${chunks.length} chunks, not one`)
  return chunks[0]!.code.trim().replace(/;$/, '')
}
