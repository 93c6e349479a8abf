// "Nothing more was sent" shown without a sleep: the browser reports the requests a page sends in the order it
// sends them, so the test has the page send one more, a marker, once whatever could send again has had its turn,
// and looks at what went before the marker. A request the page was going to send is in that list; waiting any
// longer could not add one.
import type { Page, Request } from '@playwright/test'

export function sentInOrder(page: Page) {
  const sent: Request[] = []
  page.on('request', (request) => void sent.push(request))
  let markers = 0
  return {
    /** Sends the marker from the page and resolves, once the browser has sent it, with every request before it. */
    async untilNow(): Promise<Request[]> {
      const marker = `/robots.txt?sent-in-order=${++markers}`
      const markerSent = page.waitForRequest((request) => request.url().endsWith(marker))
      await page.evaluate((path) => void fetch(path, { cache: 'no-store' }).catch(() => {}), marker)
      const markerRequest = await markerSent
      return sent.slice(0, sent.indexOf(markerRequest))
    },
  }
}

/** The requests among `requests` whose body holds `text` (an address, a token). */
export const carrying = (requests: Request[], text: string) => requests.filter((request) => request.postData()?.includes(text) ?? false)
