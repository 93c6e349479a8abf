// What a suite that runs the real server as processes needs around it: an SMTP inbox in this process to
// receive the emails, and a folder for the databases. Made before the suite, and after it every server
// process is stopped and both are removed.
import { afterAll, beforeAll } from 'vitest'
import { startInbox, type Inbox } from '../../tools/smtp-inbox'
import { makeTempDir } from './harness'
import { stopAll } from '../../tools/processes'

export type ProcessFixture = { inbox: Inbox; temp: Awaited<ReturnType<typeof makeTempDir>> }

export function processFixture(): ProcessFixture {
  const fixture = {} as ProcessFixture
  beforeAll(async () => {
    fixture.inbox = await startInbox()
    fixture.temp = await makeTempDir()
  })
  afterAll(async () => {
    stopAll()
    await fixture.inbox.close()
    await fixture.temp.remove()
  })
  return fixture
}
