// The server built once for a whole vitest run (vitest.config.ts `globalSetup`), as the image builds it
// (scripts/build-server.ts), which the tests that start the server as a process run with plain `node`
// (tools/processes.ts). Built inside the project (in the git-ignored .e2e/), so that its packages resolve from
// node_modules, in a folder of its own, so that runs side by side never share one; removed after the run.
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { buildServer } from '../../scripts/build-server'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's built server's main.js (server-for-run.ts). */
    builtServerMain: string
  }
}

const root = fileURLToPath(new URL('../..', import.meta.url))

/** The tests' own commands, each run as a process of its own, built beside the server (test/server/operator-scripts.ts
 * commandFor runs them with node). */
export const testCommands = { 'open-store-once': 'test/utils/open-store-once.ts', 'close-during-read': 'test/utils/close-during-read.ts' }

// Each of the config's projects runs its global setup: they share one build, which goes after the last.
type Shared = { folder: Promise<string>; users: number }
const holder = globalThis as { strideTestServer?: Shared }

async function build(): Promise<string> {
  await mkdir(join(root, '.e2e'), { recursive: true })
  const folder = await mkdtemp(join(root, '.e2e', 'test-server-'))
  await buildServer(folder, testCommands)
  return folder
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = (holder.strideTestServer ??= { folder: build(), users: 0 })
  shared.users++
  project.provide('builtServerMain', join(await shared.folder, 'main.js'))
  return async () => {
    if (--shared.users > 0) return
    delete holder.strideTestServer
    await rm(await shared.folder, { recursive: true, force: true })
  }
}
