// Where a test run keeps its temporary files: the SQLite files of the store suites, the servers' data folders,
// the throwaway PostgreSQL cluster. On a machine with a roomy memory file system (/dev/shm, 24 GB on ours) the
// run uses it, unless TMPDIR already says where: they are the same real files, only their fsyncs cost nothing.
// SQLite commits with synchronous=FULL, and the suites commit thousands of times: four SQLite-heavy suites took
// 77-94 s there against 110-129 s on the disk (2026-12-06, the shared 2-core machine, load 11-20). A small one
// (a container's 64 MB) is left alone.
import { accessSync, constants, statfsSync } from 'node:fs'

const memoryFolder = '/dev/shm'
const roomNeeded = 2 * 1024 ** 3

/** Points TMPDIR (which os.tmpdir() reads, here and in every process started after) at memory when it may. */
export function preferMemoryForTemporaryFiles(env: NodeJS.ProcessEnv = process.env): void {
  if (env.TMPDIR) return
  try {
    accessSync(memoryFolder, constants.W_OK)
    const { bavail, bsize } = statfsSync(memoryFolder)
    if (bavail * bsize >= roomNeeded) env.TMPDIR = memoryFolder
  } catch {
    // No such folder, or not ours to write: the system's temp folder it stays.
  }
}
