// An SMTP server that accepts every email and keeps none, in a process of its own, for the benchmarks: it
// prints its port on its first line. Run in the benchmark's own process, its handling of each email shared
// the event loop that timed the requests, so a request during which an email arrived looked slower.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

const smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false, onData: (stream, _session, done) => stream.resume().once('end', () => done()) })
smtp.on('error', () => {})
smtp.listen(0, '127.0.0.1', () => console.log(String((smtp.server.address() as AddressInfo).port)))
