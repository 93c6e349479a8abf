import { act, fireEvent, screen, within } from '@testing-library/react'
import { renderSite } from '../../utils/render-route'

/** Fakes the clock, then taps the footer's iOS button; gives the scroll spy, cleared just before the tap. */
function tapIosButton() {
  vi.useFakeTimers()
  const scrollSpy = vi.mocked(window.scrollTo)
  scrollSpy.mockClear()
  fireEvent.click(screen.getByRole('button', { name: /ios app coming soon/i }))
  return scrollSpy
}

const passMs = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

describe('site footer', () => {
  afterEach(() => vi.useRealTimers())

  it('goes home from the iOS button and scrolls smoothly to the top 100 ms later', async () => {
    const { router } = await renderSite(['/about'])
    const scrollSpy = tapIosButton()
    await passMs(99)
    expect(router.state.location.pathname).toBe('/')
    expect(scrollSpy).not.toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })

    await passMs(1)
    expect(scrollSpy).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' })
  })

  it('scrolls without animation when the visitor prefers reduced motion', async () => {
    await renderSite(['/about'])
    // A whole MediaQueryList: framer-motion subscribes to the reduced-motion query whenever a page first renders with
    // it, which may be the page this tap opens (a list without addEventListener failed a CI run, 2026-12-07).
    const original = window.matchMedia
    const matchMedia = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({ ...original(query), matches: query.includes('reduce'), media: query }))
    const scrollSpy = tapIosButton()
    await passMs(100)
    expect(scrollSpy).toHaveBeenCalledWith({ top: 0, behavior: 'auto' })
    matchMedia.mockRestore()
  })

  it('has the Company, Legal and social links and this year in the copyright line', async () => {
    await renderSite(['/about'])
    const footer = screen.getByRole('contentinfo')
    const legal = within(footer).getByRole('region', { name: 'Legal' })
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/legal#privacy-policy')
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/legal')
    expect(within(legal).getByRole('link', { name: 'Cookie Policy' })).toHaveAttribute('href', '/legal#cookie-policy')
    const company = within(footer).getByRole('region', { name: 'Company' })
    expect(within(company).getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about')
    expect(within(company).getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog')
    expect(within(company).getByRole('link', { name: 'Contact' }).getAttribute('href')).toMatch(/^mailto:/)
    const social = within(footer).getByRole('list', { name: 'Social media' })
    for (const name of ['Twitter', 'Instagram', 'LinkedIn', 'Email']) {
      expect(within(social).getByRole('link', { name })).toBeInTheDocument()
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()}`)
  })
})
