import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { legalViewFor } from '../../../src/pages/legal-page'
import { renderSite } from '../../utils/render-route'

const h1 = () => screen.getByRole('heading', { level: 1 })
const footerLink = (name: string) => within(screen.getByRole('contentinfo')).getByRole('link', { name })

describe('legal page', () => {
  it('maps hashes to documents', () => {
    expect(legalViewFor('')).toBe('terms')
    expect(legalViewFor('#privacy-policy')).toBe('privacy')
    expect(legalViewFor('privacy-policy')).toBe('privacy')
    expect(legalViewFor('#cookie-policy')).toBe('cookies')
    expect(legalViewFor('#something-else')).toBe('terms')
  })

  it('shows the Terms of Service by default', async () => {
    await renderSite(['/legal'])
    expect(h1()).toHaveTextContent('Terms of Service')
    // Exactly one document is exposed: the others stay in the page, hidden, so hydration repaints nothing.
    const shown = screen.getByRole('article')
    expect(shown).toHaveAccessibleName('Terms of Service')
    expect(within(shown).getByText(/Last updated November 22, 2026/)).toBeInTheDocument()
  })

  it.each([
    ['/legal', 'Terms of Service'],
    ['/legal#privacy-policy', 'Privacy Policy'],
  ])('%s keeps its history: the current date, the first one (May 7, 2025) and what changed', async (path, title) => {
    await renderSite([path])
    const shown = screen.getByRole('article')
    expect(shown).toHaveAccessibleName(title)
    // Both dates near the top, where a reader looks for them…
    expect(within(shown).getByText(/^Last updated/).parentElement).toHaveTextContent('Last updated November 22, 2026 (first published May 7, 2025;')
    // …and the versions at the end, newest first, each with what it changed.
    const history = within(shown).getByRole('region', { name: `Version history of the ${title}` })
    const versions = within(history).getAllByRole('listitem')
    expect(versions.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^November 22, 2026 \(this version\): .*confirm.*one-way hash/),
      'May 7, 2025: First published.',
    ])
  })

  it('opens on the Privacy Policy when the hash says so', async () => {
    await renderSite(['/legal#privacy-policy'])
    expect(h1()).toHaveTextContent('Privacy Policy')
  })

  it('switches documents when only the hash changes, from the footer links', async () => {
    const user = userEvent.setup()
    await renderSite(['/legal'])
    await user.click(footerLink('Privacy Policy'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument()
    await user.click(footerLink('Cookie Policy'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeInTheDocument()
    expect(screen.getByRole('article')).toHaveTextContent('Cookie Policy coming soon!')
    expect(screen.queryByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeNull()
    await user.click(footerLink('Terms of Service'))
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument()
  })

  it('states what the Terms must: minimum age, notice period, governing law, arbitration', async () => {
    await renderSite(['/legal'])
    const terms = document.body.textContent ?? ''
    expect(terms).toMatch(/13 years/)
    expect(terms).toMatch(/parent or (legal )?guardian/i)
    expect(terms).toMatch(/30 days/)
    expect(terms).toMatch(/Delaware/)
    expect(terms).toMatch(/arbitration/i)
    expect(terms).toMatch(/class[- ]action/i)
  })

  it('states what the Privacy Policy must: movement data, EEA and California rights, privacy contact', async () => {
    await renderSite(['/legal#privacy-policy'])
    const privacy = document.body.textContent ?? ''
    expect(privacy).toMatch(/do not store raw video or real-time movement data long-term/)
    expect(privacy).toMatch(/unless it has first been anonymized/)
    expect(privacy).toMatch(/European Economic Area|EEA/)
    expect(privacy).toMatch(/California/)
    expect(privacy).toMatch(/privacy@stridehealth\.example/)
  })

  it('describes the consent flows as built, and links the erasure request page', async () => {
    await renderSite(['/legal#privacy-policy'])
    const privacy = screen.getByRole('article')
    expect(privacy).toHaveTextContent(/Last updated November 22, 2026/)
    expect(privacy).toHaveTextContent(/link to confirm your address/)
    expect(privacy).toHaveTextContent(/one click/)
    expect(privacy).toHaveTextContent(/salted one-way hash/)
    expect(privacy).toHaveTextContent(/utm_source, utm_medium and utm_campaign/)
    expect(privacy).toHaveTextContent(/version of the wording/)
    expect(within(privacy).getByRole('link', { name: 'Delete my waitlist data' })).toHaveAttribute('href', '/waitlist/erase')
    expect(footerLink('Delete my data')).toHaveAttribute('href', '/waitlist/erase')
  })
})
