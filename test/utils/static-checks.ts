// `npm test`'s checks of the code as written: the types (`npm run typecheck`) and the lint (`npm run lint`), side by
// side. Each is one process on one core; CI has two, so together they take as long as the slower of the two rather
// than both. Each one's output is printed whole once it ends, the one after the other, and the run fails if either
// failed.
import { spawn } from 'node:child_process'

const checks = ['typecheck', 'lint']

const results = await Promise.all(
  checks.map(
    (script) =>
      new Promise<{ script: string; code: number | null; output: string }>((resolve, reject) => {
        const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] })
        let output = ''
        child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
        child.once('error', reject)
        child.once('close', (code) => resolve({ script, code, output }))
      }),
  ),
)
for (const { script, code, output } of results) {
  process.stdout.write(output)
  if (code !== 0) {
    console.error(`npm run ${script} failed (${code})`)
    process.exitCode = 1
  }
}
