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
    ['/legal', 'Terms of Service', 'November 22, 2026', [/^November 22, 2026 \(this version\): .*confirm.*one-way hash/]],
    [
      '/legal#privacy-policy',
      'Privacy Policy',
      'December 3, 2026',
      [
        /^December 3, 2026 \(this version\): Says in Section 12 .* never recorded, .* never hold the daily salt; and, in Section 6, no longer claims access controls by role/,
        /^November 27, 2026: Adds Section 12, how we count visits to our website/,
        /^November 22, 2026: .*confirm.*one-way hash/,
      ],
    ],
  ])('%s keeps its history: the current date, the first one (May 7, 2025) and what changed', async (path, title, current, changes) => {
    await renderSite([path])
    const shown = screen.getByRole('article')
    expect(shown).toHaveAccessibleName(title)
    // Both dates near the top, where a reader looks for them…
    expect(within(shown).getByText(/^Last updated/).parentElement).toHaveTextContent(`Last updated ${current} (first published May 7, 2025;`)
    // …and the versions at the end, newest first, each with what it changed.
    const history = within(shown).getByRole('region', { name: `Version history of the ${title}` })
    const versions = within(history).getAllByRole('listitem')
    expect(versions.map((item) => item.textContent)).toEqual([...changes.map((change) => expect.stringMatching(change)), 'May 7, 2025: First published.'])
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

  it('claims no access control the product lacks: every team member in the console sees all waitlist data (issue 45)', async () => {
    await renderSite(['/legal#privacy-policy'])
    const security = screen.getByRole('region', { name: '6. Security' }).textContent ?? ''
    expect(security).not.toMatch(/access controls that limit who on our team can see personal data/)
    expect(security).toMatch(/Every team member who can sign in to that console can see all waitlist data: we do not yet limit access by role/)
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
    expect(privacy).toHaveTextContent(/Last updated December 3, 2026/)
    expect(privacy).toHaveTextContent(/link to confirm your address/)
    expect(privacy).toHaveTextContent(/one click/)
    expect(privacy).toHaveTextContent(/salted one-way hash/)
    expect(privacy).toHaveTextContent(/utm_source, utm_medium and utm_campaign/)
    expect(privacy).toHaveTextContent(/version of the wording/)
    expect(within(privacy).getByRole('link', { name: 'Delete my waitlist data' })).toHaveAttribute('href', '/waitlist/erase')
    expect(footerLink('Delete my data')).toHaveAttribute('href', '/waitlist/erase')
  })

  it('says how visits are counted, under its own heading, dated: no cookie or storage, the daily hash, what is recorded, GPC and DNT', async () => {
    await renderSite(['/legal#privacy-policy'])
    const section = screen.getByRole('region', { name: '12. How We Count Visits to Our Website' })
    const text = section.textContent ?? ''
    expect(text).toMatch(/^12\. How We Count Visits to Our WebsiteSince November 27, 2026/)
    expect(text).toMatch(/no cookie, no local storage or other storage on your device, and no fingerprinting/)
    expect(text).toMatch(/nothing about visits goes to a third party/)
    expect(text).toMatch(/one-way hash of a random daily value \(a "salt"\), our website, your IP address and your browser's User-Agent/)
    expect(text).toMatch(/salt is kept for one day, then destroyed/)
    expect(text).toMatch(/IP address and User-Agent are never stored or logged/)
    expect(text).toMatch(/Global Privacy Control \(Sec-GPC: 1\) or Do Not Track \(DNT: 1\), we do not count your visit/)
    expect(text).toMatch(/rolled up into daily counts and deleted after 2 days by default/)
    expect(text).toMatch(/joined to the visit only by that day's hash, never to you/)
    // What a visit's values may be, and the backups (issue 45, cases 5, 6 and 8).
    expect(text).toMatch(/Our backups never hold the salt, so a backup cannot be used to tell whose hash it was either/)
    expect(text).toMatch(/looks like an email address or a phone number \(such as utm_campaign=ann@example\.com\) is never recorded: it is counted as "\(redacted\)"/)
    expect(text).toMatch(/Each day keeps at most 1,000 different values of each kind .*, and counts the rest together as "\(other\)"/)
    const recorded = within(section).getAllByRole('listitem').map((item) => item.textContent)
    expect(recorded).toEqual([
      expect.stringMatching(/^the page \(its path/),
      expect.stringMatching(/^the domain of the site that linked you/),
      expect.stringMatching(/UTM parameters .*\(utm_source, utm_medium, utm_campaign, utm_content, utm_term\)/),
      expect.stringMatching(/ref code of a share link .*, as a "referral"/),
      expect.stringMatching(/phone or desktop/),
      expect.stringMatching(/^your country, only if a local database .* off by default/),
    ])
    // The sections after it follow on.
    expect(screen.getByRole('heading', { level: 2, name: '13. Changes to This Policy' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: '14. Contact Us' })).toBeInTheDocument()
  })
})
