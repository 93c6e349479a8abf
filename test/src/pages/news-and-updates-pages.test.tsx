// Where the question about news and updates is asked on the site (issue 31): on the confirmation page once its
// button worked, with the token the reply handed on; and on the outcome pages a no-script confirmation or choice
// lands on, with the token in their address. The whole site is rendered at the page's address, with an endpoint
// configured, and the endpoint answered at the network layer (msw).
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { messages } from '../../../shared/messages'
import { renderSite } from '../../utils/render-route'

const ENDPOINT = 'http://waitlist.test/api/waitlist'
vi.mock('../../../src/waitlist/endpoint', () => ({ waitlistEndpoint: 'http://waitlist.test/api/waitlist' }))

const LINK_TOKEN = 'link_' + 'a'.repeat(38)
const NEWS_TOKEN = 'news_' + 'b'.repeat(38)
const NEXT_TOKEN = 'next_' + 'c'.repeat(38)
const QUESTIONS_TOKEN = 'ques_' + 'd'.repeat(38)
/** What the confirmation's reply hands on for the questions page: nothing while no question is asked. */
let questionsOffered: { questionsToken?: string } = {}

const received: { path: string; body: unknown }[] = []
const server = setupServer(
  http.post(`${ENDPOINT}/confirm`, async ({ request }) => {
    received.push({ path: '/confirm', body: JSON.parse(await request.text()) })
    return HttpResponse.json({ ok: true, message: messages.confirmed, place: 3, inLine: 9, nextToken: NEWS_TOKEN, ...questionsOffered })
  }),
  http.post(`${ENDPOINT}/news`, async ({ request }) => {
    const body = JSON.parse(await request.text()) as { news: string }
    received.push({ path: '/news', body })
    return HttpResponse.json({ ok: true, message: body.news === 'on' ? messages.newsOn : messages.newsOff, nextToken: NEXT_TOKEN })
  }),
)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())
afterEach(() => {
  received.length = 0
  questionsOffered = {}
  window.history.replaceState(null, '', '/')
})

/** The site at `address`, as a browser that opened it: the page reads its token from the address. */
async function open(address: string) {
  window.history.replaceState(null, '', address)
  return renderSite([address])
}
const newsRegion = () => screen.queryByRole('region', { name: 'News and updates' })
const questionsRegion = () => screen.queryByRole('region', { name: 'A few questions' })

describe('news and updates on the site', () => {
  it('is asked on the confirmation page once Confirm worked, and answered there, with the other choice offered', async () => {
    const user = userEvent.setup()
    await open(`/waitlist/confirm?token=${LINK_TOKEN}`)
    expect(newsRegion()).toBeNull() // not before the address is confirmed
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }))
    const region = await waitFor(() => newsRegion()!)
    expect(screen.getByRole('status')).toHaveTextContent(`${messages.confirmed} You're number 3 of 9 in line.`)

    await user.click(within(region).getByRole('button', { name: 'Yes, send me news and updates' }))
    await waitFor(() => expect(within(region).getByText(messages.newsOn)).toBeInTheDocument())
    // Taking it back is one press, right there.
    expect(within(region).getByRole('button', { name: 'Stop news and updates' })).toBeEnabled()
    expect(received).toEqual([
      { path: '/confirm', body: { token: LINK_TOKEN } },
      { path: '/news', body: { token: NEWS_TOKEN, news: 'on' } },
    ])
    // No question is asked now: none is offered.
    expect(questionsRegion()).toBeNull()
  })

  it('offers the questions after the news choice when the confirmation hands on their token, as a link skipping needs no press for', async () => {
    questionsOffered = { questionsToken: QUESTIONS_TOKEN }
    const user = userEvent.setup()
    await open(`/waitlist/confirm?token=${LINK_TOKEN}`)
    expect(questionsRegion()).toBeNull() // not before the address is confirmed
    await user.click(screen.getByRole('button', { name: 'Confirm my email' }))
    const region = await waitFor(() => questionsRegion()!)
    expect(region).toHaveTextContent('A few optional questions help us choose who tries the app first.')
    expect(within(region).getByRole('link', { name: 'Answer a few questions' })).toHaveAttribute('href', `http://waitlist.test/waitlist/questions?token=${QUESTIONS_TOKEN}`)
    expect(region).toHaveTextContent('or skip them')
    // After the news choice, in the page's order.
    expect(newsRegion()!.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it.each([
    ['/waitlist/confirmed', 'Yes, send me news and updates', 'on'],
    ['/waitlist/news-on', 'Stop news and updates', 'off'],
    ['/waitlist/news-off', 'Yes, send me news and updates', 'on'],
  ])('is on %s, with the token in its address', async (path, button, news) => {
    const user = userEvent.setup()
    await open(`${path}?token=${NEWS_TOKEN}`)
    const region = await waitFor(() => newsRegion()!)
    await user.click(within(region).getByRole('button', { name: button }))
    await waitFor(() => expect(received).toEqual([{ path: '/news', body: { token: NEWS_TOKEN, news } }]))
  })

  it('the confirmed page a form post lands on while a question is asked offers the questions with a form of its own; the other pages do not', async () => {
    await open(`/waitlist/confirmed-questions?token=${NEWS_TOKEN}&questions=${QUESTIONS_TOKEN}`)
    const region = await waitFor(() => questionsRegion()!)
    expect(newsRegion()).not.toBeNull()
    const button = within(region).getByRole('button', { name: 'Answer a few questions' })
    // A plain form post back to the page's own address (its query carries the token): no action attribute.
    const form = button.closest('form')!
    expect(form).toHaveAttribute('method', 'post')
    expect(form).not.toHaveAttribute('action')
    expect(form.querySelector('input[name="open"]')).toHaveAttribute('value', 'questions')
    expect(region).toHaveTextContent('or skip them')
  })

  it.each(['/waitlist/confirmed', '/waitlist/news-on', '/waitlist/news-off'])('%s offers no questions', async (path) => {
    await open(`${path}?token=${NEWS_TOKEN}`)
    await waitFor(() => expect(newsRegion()).not.toBeNull())
    expect(questionsRegion()).toBeNull()
  })

  it.each(['/waitlist/confirmed', '/waitlist/news-on'])('is left out of %s opened without a token', async (path) => {
    await open(path)
    await waitFor(() => expect(newsRegion()).toBeNull())
  })

  it.each(['/waitlist/news-link-invalid', '/waitlist/unsubscribed-news', '/waitlist/unsubscribed'])('is not on %s', async (path) => {
    await open(`${path}?token=${NEWS_TOKEN}`)
    expect(newsRegion()).toBeNull()
  })
})
