// A real SMTP server (smtp-server) that is slow where a busy or filtering mail server is slow: it answers MAIL
// FROM, RCPT TO and the end of DATA only after a delay of its choosing. It behaves as real servers do when a
// client hangs up on them (RFC 1047): a message whose end of DATA arrived is delivered once the server's own
// work on it is done, even if the client has gone by then; a message cut off before its end is never
// delivered. It records what a test or benchmark needs to count: emails delivered per recipient, each
// transaction's connection, and when each connection closed.
import { SMTPServer } from 'smtp-server'

export type SlowStep = 'mailFrom' | 'rcptTo' | 'dataEnd'
/** How long the server takes to answer a step: per step, and per transaction (0 for the first it sees). */
export type SlowDelays = (step: SlowStep, transaction: number) => number

export type SlowSmtp = {
  url: string
  /** Per recipient, how many emails were delivered to it. */
  delivered: () => Map<string, number>
  /** Transactions started (MAIL FROM received), in order, with their connection's number. */
  transactions: () => { connection: number; startedAt: number }[]
  /** When each connection closed (performance.now()), by its number; absent while it is open. */
  closedAt: (connection: number) => number | undefined
  /** When the end of DATA arrived for each transaction that got that far (performance.now()). */
  dataEndedAt: (transaction: number) => number | undefined
  /** Resolves once no connection is open and no delivery is under way: nothing more can arrive. */
  settled: () => Promise<void>
  close: () => Promise<void>
}

export async function startSlowSmtp(delays: SlowDelays): Promise<SlowSmtp> {
  const delivered = new Map<string, number>()
  const transactions: { connection: number; startedAt: number }[] = []
  const closed = new Map<number, number>()
  const dataEnded = new Map<number, number>()
  let connections = 0
  let open = 0
  let delivering = 0
  let waiters: (() => void)[] = []
  const wake = () => {
    if (open > 0 || delivering > 0) return
    for (const resolve of waiters.splice(0)) resolve()
  }
  const connectionOf = new WeakMap<object, number>()
  const transactionOf = new WeakMap<object, number>()
  const later = (ms: number, then: () => void) => (ms > 0 ? void setTimeout(then, ms) : then())
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    // Longer than any wait here: the server never gives up on a slow client first.
    socketTimeout: 30 * 60_000,
    onConnect(session, callback) {
      connectionOf.set(session, ++connections)
      open++
      callback()
    },
    onClose(session) {
      closed.set(connectionOf.get(session)!, performance.now())
      open--
      wake()
    },
    onMailFrom(_address, session, callback) {
      const transaction = transactions.push({ connection: connectionOf.get(session)!, startedAt: performance.now() }) - 1
      transactionOf.set(session.envelope, transaction)
      later(delays('mailFrom', transaction), () => callback())
    },
    onRcptTo(_address, session, callback) {
      later(delays('rcptTo', transactionOf.get(session.envelope) ?? 0), () => callback())
    },
    onData(stream, session, callback) {
      const transaction = transactionOf.get(session.envelope) ?? 0
      const recipients = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase())
      // A message cut off before its end is destroyed by smtp-server: never ended, never delivered.
      stream.on('error', () => {})
      stream.resume().once('end', () => {
        dataEnded.set(transaction, performance.now())
        delivering++
        later(delays('dataEnd', transaction), () => {
          for (const recipient of recipients) delivered.set(recipient, (delivered.get(recipient) ?? 0) + 1)
          delivering--
          callback()
          wake()
        })
      })
    },
  })
  // A client that hangs up mid-transaction is what this server is for.
  server.on('error', () => {})
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as { port: number }
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => new Map(delivered),
    transactions: () => [...transactions],
    closedAt: (connection) => closed.get(connection),
    dataEndedAt: (transaction) => dataEnded.get(transaction),
    settled: () =>
      new Promise((resolve) => {
        waiters.push(resolve)
        wake()
      }),
    close: () =>
      new Promise((resolve) => {
        waiters = []
        server.close(() => resolve())
      }),
  }
}
