// `npm run build:server`: the server as plain JavaScript in dist-api/, which `node` runs with nothing but the
// dependencies installed (`npm ci --omit=dev`): main.js (the server), migrate.js (the migrations, then exit),
// aws-lambda.js (the serverless entry) and the operator's commands, each one file, beside the SQLite read thread's
// own file.
//
// esbuild, because tsx (which runs every script and test here) is esbuild: the build transforms the code as
// development runs it, and it is already installed. tsc cannot emit this code as it is: its imports carry no
// extension, which Node's ES modules need. Every package stays outside the bundle (`packages: 'external'`), so the
// output needs the dependencies at run time and a devDependency imported by the server fails at start, in the
// production install's test (test/build/production-install.test.ts), not in a deploy.
//
// Not dist/: `vite build` empties that folder, and the server serves it to the public.
import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The entries, by the file name they are written to. */
export const serverEntries = {
  main: 'server/main.ts',
  migrate: 'server/migrate-command.ts',
  'aws-lambda': 'server/aws-lambda.ts',
  // The operator's commands, for a host with no tsx (npm run waitlist:backup, waitlist:go-live, admin:link,
  // answers:rotate-key).
  backup: 'scripts/backup-waitlist.ts',
  'go-live': 'scripts/go-live-waitlist.ts',
  'admin-link': 'scripts/admin-link.ts',
  'rotate-answers-key': 'scripts/rotate-answers-key.ts',
} as const

/** Files the bundle reads beside itself (`new URL(..., import.meta.url)`), copied as they are. */
const besideTheBundle = ['server/platform/database/sqlite-read-worker.mjs']

/** Builds into `outDir`; gives back the packages the output imports (each a name, without its subpath), which must
 * all be dependencies: the production install has nothing else. `moreEntries` are built beside the server's (the
 * tests' own commands: test/utils/server-for-run.ts). */
export async function buildServer(outDir = join(root, 'dist-api'), moreEntries: Record<string, string> = {}): Promise<{ packages: string[] }> {
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries({ ...serverEntries, ...moreEntries }).map(([name, file]) => [name, resolve(root, file)])),
    outdir: outDir,
    bundle: true,
    // No shared chunks: each entry is one file in outDir, so import.meta.url names that folder in every part.
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  })
  for (const file of besideTheBundle) copyFileSync(join(root, file), join(outDir, file.split('/').at(-1)!))
  const imported = Object.values(metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external).map((entry) => entry.path))
  const packages = imported.filter((path) => !isBuiltin(path) && !path.startsWith('.')).map((path) => path.split('/').slice(0, path.startsWith('@') ? 2 : 1).join('/'))
  return { packages: [...new Set(packages)].sort() }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now()
  await buildServer()
  console.log(`built the server into dist-api/ in ${((performance.now() - started) / 1000).toFixed(1)} s: node dist-api/main.js starts it`)
}
