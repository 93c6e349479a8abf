// The thread behind `database.reads` on SQLite (sqlite-reads.ts): a connection of its own to the same file, that
// only reads, so a long read (a search, an export) runs here while the event loop answers signups and /healthz.
// Plain JavaScript, so that it runs as it is under tsx, vitest and node alike (a .ts worker would need the tsx
// loader in every thread that starts it).
//
// Messages come one at a time in order, and each gets one answer: `{ rows, changes }`, or `{ error }` with
// SQLite's code. `{ close: true }` closes the connection after whatever statement runs, and the thread ends.
import { parentPort, workerData } from 'node:worker_threads'
import Database from 'libsql'

const { file, busyTimeoutMs } = workerData
let db
let openFailure
try {
  db = new Database(file, { timeout: busyTimeoutMs })
  // libsql takes no read-only flag: SQLite's query_only refuses every statement that would change the file.
  db.exec('PRAGMA query_only = ON')
} catch (error) {
  openFailure = error
}

// A statement is prepared once per text and kept (the newest few hundred): an export runs the same few texts
// a thousand times, and each statement holds native memory that only the garbage collector, which cannot see
// it, would give back.
const statements = new Map()
const statementsKept = 200
function prepared(text) {
  let statement = statements.get(text)
  if (statement) statements.delete(text)
  else statement = db.prepare(text)
  statements.set(text, statement)
  if (statements.size > statementsKept) statements.delete(statements.keys().next().value)
  return statement
}

parentPort.on('message', (message) => {
  if (message.close) {
    db?.close()
    parentPort.close()
    return
  }
  try {
    if (openFailure) throw openFailure
    // As Kysely's SQLite driver runs a statement on the main connection (sqlite.ts), so the rows are the same:
    // integers as numbers, text as strings.
    const statement = prepared(message.sql)
    if (statement.reader) parentPort.postMessage({ rows: statement.all(message.parameters) })
    else parentPort.postMessage({ rows: [], changes: statement.run(message.parameters).changes })
  } catch (error) {
    // An Error's own properties (SQLite's code) do not survive postMessage: send them as plain data.
    parentPort.postMessage({ error: { message: String(error?.message ?? error), code: error?.code, rawCode: error?.rawCode } })
  }
})
