// `database.reads` on SQLite: Kysely over read-only connections that live in worker threads, two of them
// (sqlite-read-worker.mjs), so that a long read (a search over every signup, an export) runs beside the event
// loop instead of on it. libsql is synchronous: on the main connection such a read would hold up every request,
// /healthz included, until it ended (issue 35). WAL lets this reader run while the main connection writes, and
// each statement sees what had been committed when it started.
//
// A small dialect of our own rather than a library: kysely-generic-sqlite, the one made for this, needs Kysely
// 0.29 (Node 22) from its 2.0, and its 1.x loses SQLite's error code on the way back from the thread, leaves a
// query waiting forever if the thread dies, and ends the thread with terminate().
//
// A thread starts at its first read, not at open (tests open hundreds of databases), is unref'd while it has
// nothing to do (a database left open does not keep the process alive), and ends at close() when the statement
// it runs has ended. Never terminate() it: ending the thread inside libsql's native code aborts the whole
// process (a panic in neon, libsql's binding; seen here on Node 20 with libsql 0.5.29, and so does
// process.exit() while a statement runs).
import { Worker } from 'node:worker_threads'
import {
  CompiledQuery,
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely'
import { readsOnly } from './reads-only'
import type { Tables } from './schema'

const workerFile = new URL('./sqlite-read-worker.mjs', import.meta.url)

type Rows = { rows: unknown[]; changes?: number }
type Answer = Rows | { error: { message: string; code?: string; rawCode?: number } }

/** SQLite's error from the read thread, with its code (`SQLITE_BUSY`, …) as libsql gives it, for classify(). */
class SqliteReadError extends Error {
  override name = 'SqliteError'
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly rawCode: number | undefined,
  ) {
    super(message)
  }
}

/** How many read threads, each with its connection. One long read (the analytics' count of a day's views, 1.2–1.5 s
 * at a million signups, once a minute) held the only one, and every console read behind it waited as long: the
 * summary of a new tab's Overview answered 1.3 s after it was asked, twice in two runs of bench:console
 * (2026-12-07, the shared 2-core machine). With two, a read waits only when two long ones run at once. */
export const readThreads = 2

/** Kysely over the read threads on the SQLite file at `file`, and how to close it. */
export function openSqliteReads(file: string, busyTimeoutMs: number): { reads: Kysely<Tables>; close: () => Promise<void> } {
  const threads = Array.from({ length: readThreads }, () => new ReadThread(file, busyTimeoutMs))
  const reads = new Kysely<Tables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new ReadThreadDriver(threads),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    } satisfies Dialect,
    plugins: [readsOnly],
  })
  // The threads are closed here, not only through Kysely: Kysely does not destroy a driver it has not yet
  // started, and a read already on its way would then start a thread after the close.
  return { reads, close: () => closeAll(threads).finally(() => reads.destroy()) }
}

/** Closes every thread at once, each once its statement has ended (ReadThread.close, which closes a thread once). */
const closeAll = async (threads: readonly ReadThread[]) => void (await Promise.all(threads.map((thread) => thread.close())))

/** The worker, started at the first statement; statements go to it in order and their answers come back in order. */
class ReadThread {
  #worker: Worker | undefined
  #exited: Promise<void> = Promise.resolve()
  readonly #waiting: { resolve: (rows: Rows) => void; reject: (error: Error) => void }[] = []
  #closing: Promise<void> | undefined

  constructor(
    readonly file: string,
    readonly busyTimeoutMs: number,
  ) {}

  run(sql: string, parameters: readonly unknown[]): Promise<Rows> {
    if (this.#closing) return Promise.reject(new Error('database.reads is closed'))
    const worker = (this.#worker ??= this.#start())
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject })
      worker.ref()
      worker.postMessage({ sql, parameters })
    })
  }

  /** Closes the connection once the statement in hand (if any) has ended, and waits for the thread to end. */
  close(): Promise<void> {
    return (this.#closing ??= this.#close())
  }

  async #close() {
    const worker = this.#worker
    if (!worker) return
    worker.ref()
    worker.postMessage({ close: true })
    await this.#exited
  }

  #start(): Worker {
    const worker = new Worker(workerFile, { workerData: { file: this.file, busyTimeoutMs: this.busyTimeoutMs } })
    let crash: Error | undefined
    worker.on('message', (answer: Answer) => {
      const waiting = this.#waiting.shift()
      // Idle, it holds the process open no more than an idle connection would; closing, it must, until it has ended.
      if (this.#waiting.length === 0 && !this.#closing) worker.unref()
      if ('error' in answer) waiting?.reject(new SqliteReadError(answer.error.message, answer.error.code, answer.error.rawCode))
      else waiting?.resolve(answer)
    })
    worker.on('error', (error) => void (crash = error))
    this.#exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        // A thread that died (it should not) fails what it held; the next statement starts another.
        if (this.#worker === worker) this.#worker = undefined
        for (const waiting of this.#waiting.splice(0)) waiting.reject(crash ?? new Error(`the SQLite read thread stopped (exit code ${code})`))
        resolve()
      }),
    )
    return worker
  }
}

/** A connection over the thread, as Kysely's driver hands it out. */
function connectionOver(thread: ReadThread): DatabaseConnection {
  return {
    async executeQuery<R>({ sql, parameters }: CompiledQuery): Promise<QueryResult<R>> {
      const { rows, changes } = await thread.run(sql, parameters)
      return { rows: rows as R[], numAffectedRows: changes === undefined ? undefined : BigInt(changes) }
    },
    streamQuery() {
      throw new Error('database.reads does not stream: read page by page (by keyset)')
    },
  }
}

/** The connections, each lent to one query or transaction at a time, as Kysely's own SQLite driver lends its one:
 * the first that is free, in their order, so the second thread starts only once a read finds the first one busy;
 * when every one is lent, the next query waits for the first given back. */
class ReadThreadDriver implements Driver {
  readonly #connections: DatabaseConnection[]
  readonly #lent: boolean[]
  readonly #waiting: ((connection: DatabaseConnection) => void)[] = []

  constructor(readonly threads: readonly ReadThread[]) {
    this.#connections = threads.map(connectionOver)
    this.#lent = threads.map(() => false)
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const free = this.#lent.indexOf(false)
    if (free < 0) return new Promise((resolve) => this.#waiting.push(resolve))
    this.#lent[free] = true
    return this.#connections[free]!
  }

  async releaseConnection(connection: DatabaseConnection) {
    const next = this.#waiting.shift()
    if (next) next(connection)
    else this.#lent[this.#connections.indexOf(connection)] = false
  }

  async beginTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('begin'))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy() {
    await closeAll(this.threads)
  }
}
