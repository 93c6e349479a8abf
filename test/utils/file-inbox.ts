// One SMTP inbox for a test file (tools/smtp-inbox.ts): opened before the file's tests, emptied after each one and
// closed after them all. It is asked for at the file's top, before the inbox exists, so what it returns stands in
// for the inbox and reaches the real one while a test runs. Hooks run in reverse order of registration, so a server
// the file closes after each test (registered below this) has stopped sending before the inbox is emptied.
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startInbox, type Inbox } from '../../tools/smtp-inbox'

export function inboxForFile(): Inbox {
  let opened: Inbox | undefined
  beforeAll(async () => {
    opened = await startInbox()
  })
  afterEach(() => {
    if (opened) opened.mails.length = 0
  })
  afterAll(() => opened?.close())
  const real = () => {
    if (!opened) throw new Error('The file’s inbox is open only while its tests run.')
    return opened
  }
  return {
    get url() {
      return real().url
    },
    get port() {
      return real().port
    },
    get mails() {
      return real().mails
    },
    connections: () => real().connections(),
    next: (to, timeoutMs) => real().next(to, timeoutMs),
    settled: () => real().settled(),
    close: () => real().close(),
  }
}
