// "A friend invited you": a visitor who landed through a share link (/?ref=CODE) reads one line by the home
// page's waitlist form, never who the friend is. The prerendered page cannot know the visitor's address, so
// the line is not in the server's HTML and appears after hydration, without a mismatch. The share link's code
// goes with the signup, in the consent record.
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { HttpResponse } from 'msw'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { waitlistHero } from '../../../src/content/home'
import { HomePage } from '../../../src/pages/home-page'
import { captureLanding, forgetLanding } from '../../../src/waitlist/landing-campaign'
import { WaitlistForm } from '../../../src/waitlist/waitlist-form'
import { holdRequests } from '../../utils/held-requests'

// The products section links through the router; this file is about the waitlist form's area alone.
vi.mock('../../../src/pages/home-products', () => ({ HomeProducts: () => null }))

const site = 'https://stridehealth.example'
const ENDPOINT = 'http://waitlist.test/api/waitlist'
const invited = waitlistHero.invited
const { requests, answer } = holdRequests(ENDPOINT)

// Each test is a new run of the app: the landing lives in memory until a reload.
beforeEach(() => forgetLanding())

describe('the home page after a share link', () => {
  it('says a friend invited the visitor when this visit landed through a share link', () => {
    captureLanding(`${site}/?ref=K7M2QX9P`, '')
    render(<HomePage />)
    const line = screen.getByText(invited)
    expect(line.closest('section')).toHaveAccessibleName(waitlistHero.title) // by the hero's form
    expect(line).not.toHaveAttribute('aria-live')
    expect(line).not.toHaveAttribute('role')
    expect(line.textContent).not.toMatch(/k7m2qx9p/i) // nothing about the friend, not even the code
  })

  it.each([
    ['no landing recorded', () => {}],
    ['a landing without a share link', () => captureLanding(`${site}/?utm_source=newsletter`, '')],
    ['a malformed code', () => captureLanding(`${site}/?ref=not-a-code`, '')],
    ['a share link opened after the landing', () => (captureLanding(`${site}/`, ''), captureLanding(`${site}/?ref=k7m2qx9p`, ''))],
  ])('says nothing with %s', (_case, land) => {
    land()
    render(<HomePage />)
    expect(screen.getByRole('heading', { name: waitlistHero.title })).toBeInTheDocument()
    expect(screen.queryByText(invited)).toBeNull()
  })

  describe('prerendered, then hydrated', () => {
    const container = document.createElement('div')
    afterEach(() => container.remove())

    it('is not in the server HTML, and appears after hydration without a mismatch', async () => {
      captureLanding(`${site}/?ref=k7m2qx9p`, '')
      const html = renderToString(<HomePage />)
      expect(html).toContain(waitlistHero.lead.slice(0, 20))
      expect(html).not.toContain(invited.slice(0, 20)) // 'A friend invited you'

      container.innerHTML = html
      document.body.append(container)
      const recoverableErrors: unknown[] = []
      const consoleError = vi.spyOn(console, 'error')
      const root = await act(async () => hydrateRoot(container, <HomePage />, { onRecoverableError: (error) => recoverableErrors.push(error) }))
      await waitFor(() => expect(container).toHaveTextContent(invited))
      expect(recoverableErrors).toEqual([])
      expect(consoleError).not.toHaveBeenCalled()
      consoleError.mockRestore()
      act(() => root.unmount())
    })
  })
})

describe("the share link's code goes with the signup", () => {
  it('is in the consent record the form posts, lower-cased', async () => {
    captureLanding(`${site}/?ref=K7M2QX9P&utm_source=friend`, '')
    const user = userEvent.setup()
    render(<WaitlistForm formId="test" endpoint={ENDPOINT} />)
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }))
    await answer(HttpResponse.json({ ok: true, message: 'Thanks!' }))
    expect(requests).toHaveLength(1)
    expect(requests[0]!.body).toMatchObject({ email: 'ada@example.com', referralCode: 'k7m2qx9p', utmSource: 'friend' })
  })

  it('is left out when the landing had none', async () => {
    captureLanding(`${site}/?ref=nope`, '')
    const user = userEvent.setup()
    render(<WaitlistForm formId="test" endpoint={ENDPOINT} />)
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }))
    await answer(HttpResponse.json({ ok: true, message: 'Thanks!' }))
    expect(requests[0]!.body).not.toHaveProperty('referralCode')
  })
})
