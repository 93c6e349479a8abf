import { screen, within } from '@testing-library/react'
import { consentPages } from '../../shared/consent-paths'
import { isFormOutcome } from '../../shared/outcome-codes'
import { formOutcomes } from '../../shared/form-outcomes'
import { tokenPages } from '../../src/content/consent-pages'
import { pageMeta } from '../../src/content/seo'
import { pagePaths } from '../../src/head'
import { renderSite } from '../utils/render-route'

const expectedHeadings: Record<(typeof pagePaths)[number], RegExp> = {
  '/': /coach that learns who you are/i,
  '/form': /Stride Form/,
  '/knee': /Stride Knee/,
  '/gym-hero': /Gym Hero/,
  '/about': /About Stride Health/,
  '/blog': /Blog/,
  '/legal': /Terms of Service/,
}

describe('every route', () => {
  it.each(pagePaths)('%s renders its heading and its own title', async (path) => {
    await renderSite([path])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expectedHeadings[path])
    await vi.waitFor(() => expect(document.title).toBe(pageMeta[path].title))
  })

  it('the landing page has the badge, six feature cards and four journey steps', async () => {
    await renderSite(['/'])
    expect(screen.getByText('Launching Fall 2025 on iOS')).toBeInTheDocument()
    const features = screen.getByRole('region', { name: /coaching that fits/i })
    expect(features.querySelectorAll('li')).toHaveLength(6)
    const journey = screen.getByRole('region', { name: 'Start your journey' })
    expect(journey.querySelectorAll('li')).toHaveLength(4)
  })

  it('/form has a disabled Mobile App Coming Soon button', async () => {
    await renderSite(['/form'])
    expect(screen.getByRole('button', { name: 'Mobile App Coming Soon' })).toBeDisabled()
  })

  it('/knee links to sections that exist on the page', async () => {
    await renderSite(['/knee'])
    for (const [name, id] of [['Download', 'download'], ['Learn More', 'learn-more']] as const) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', `/knee#${id}`)
      expect(document.getElementById(id)).not.toBeNull()
    }
  })

  it('/gym-hero is marked Beta and opens its own site in a new tab', async () => {
    await renderSite(['/gym-hero'])
    expect(screen.getByText('Beta')).toBeInTheDocument()
    expect(document.body).toHaveTextContent(/free beta/i)
    const external = screen.getAllByRole('link', { name: /opens in a new tab/ })
    expect(external.length).toBeGreaterThan(0)
    for (const link of external) {
      expect(link).toHaveAttribute('target', '_blank')
      expect(link.getAttribute('rel')).toContain('noopener')
    }
    expect(screen.getByRole('region', { name: /free beta/i }).querySelectorAll('li')).toHaveLength(3)
  })

  it('/about has four values and what will not change', async () => {
    await renderSite(['/about'])
    expect(screen.getByRole('region', { name: 'Our approach' }).querySelectorAll('li')).toHaveLength(4)
    expect(screen.getByRole('heading', { name: "What won't change" })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Email us' }).getAttribute('href')).toMatch(/^mailto:/)
  })
})

describe('the consent pages (issue 12)', () => {
  // These tests run without VITE_WAITLIST_ENDPOINT: the token pages say how to ask by email (the button,
  // with an endpoint, is in test/src/waitlist/token-action-panel.test.tsx and the browser suite).
  it.each([
    ['/waitlist/confirm?token=abc', 'Confirm your email', tokenPages.confirm.byEmail],
    ['/waitlist/unsubscribe?token=abc', 'Unsubscribe', tokenPages.unsubscribe.byEmail],
    ['/waitlist/erase/confirm?token=abc', 'Delete your data', tokenPages.eraseConfirm.byEmail],
  ])('%s is the token page (a static segment ranks above /waitlist/$outcome), not indexed', async (path, heading, byEmail) => {
    await renderSite([path])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(heading)
    expect(await screen.findByRole('status')).toHaveTextContent(byEmail)
    expect(screen.queryByRole('button', { name: /Confirm|Unsubscribe|Delete/ })).toBeNull()
    await vi.waitFor(() => expect(document.title).toBe(`${heading} | Stride Health`))
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
  })

  it('no outcome code is the name of a consent page', () => {
    for (const page of Object.values(consentPages)) expect(isFormOutcome(page.replace('/waitlist/', ''))).toBe(false)
  })

  it('/waitlist/erase asks for an email address, with a label; not indexed', async () => {
    await renderSite(['/waitlist/erase'])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Delete your data')
    await vi.waitFor(() => expect(document.title).toBe('Delete your data | Stride Health'))
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email')
    expect(screen.getByRole('button', { name: 'Email me a deletion link' })).toBeEnabled()
  })

  it('/waitlist/copy asks for an email address, with a label; not indexed', async () => {
    await renderSite(['/waitlist/copy'])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Get a copy of your data')
    await vi.waitFor(() => expect(document.title).toBe('Get a copy of your data | Stride Health'))
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('type', 'email')
    expect(screen.getByRole('button', { name: 'Email me my data' })).toBeEnabled()
  })

  it.each([
    ['erase-link-invalid', 'Ask for a new deletion link', '/waitlist/erase'],
    ['confirm-link-invalid', 'Join the waitlist again', '/#join'],
    ['unsubscribed', 'Delete my data too', '/waitlist/erase'],
    ['erased', 'Back to the home page', '/'],
    ['too-many-consent-requests', 'Back to the home page', '/'],
  ])('the consent outcome page /waitlist/%s shows its sentence and a next step, never the signup form', async (code, label, href) => {
    await renderSite([`/waitlist/${code}`])
    const outcome = formOutcomes.find((entry) => entry.code === code)!
    expect(await screen.findByRole('status')).toHaveTextContent(outcome.message)
    expect(screen.getByRole('main').querySelector('form')).toBeNull()
    expect(within(screen.getByRole('main')).getByRole('link', { name: label })).toHaveAttribute('href', href)
  })

  it('the joined outcome page adds the check-your-inbox line after the success sentence, which stays alone in the status', async () => {
    await renderSite(['/waitlist/joined'])
    expect(await screen.findByRole('status')).toHaveTextContent(/^You're on the waitlist! Reach out to us at \S+ if you want to get in touch\.$/)
    expect(screen.getByText("Check your inbox: if this address still needs confirming, we've sent it a confirmation link.")).toBeInTheDocument()
  })

  it('a signup outcome page still offers the form again', async () => {
    await renderSite(['/waitlist/invalid-email'])
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument()
  })
})
