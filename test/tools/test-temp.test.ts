// @vitest-environment node
// The run's temporary files go to memory where there is room for them, and where the person running the tests
// has not said otherwise (tools/test-temp.ts).
import { existsSync, statfsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { preferMemoryForTemporaryFiles } from '../../tools/test-temp'

const roomy = existsSync('/dev/shm') && (({ bavail, bsize }) => bavail * bsize >= 2 * 1024 ** 3)(statfsSync('/dev/shm'))

describe('the test run’s temporary folder', () => {
  it('keeps a TMPDIR that was given', () => {
    const env: NodeJS.ProcessEnv = { TMPDIR: '/var/tmp' }
    preferMemoryForTemporaryFiles(env)
    expect(env.TMPDIR).toBe('/var/tmp')
  })

  it('is the memory folder when none was given and it has room, and left unset otherwise', () => {
    const env: NodeJS.ProcessEnv = {}
    preferMemoryForTemporaryFiles(env)
    expect(env.TMPDIR).toBe(roomy ? '/dev/shm' : undefined)
  })
})
