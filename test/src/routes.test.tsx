import { screen } from '@testing-library/react'
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
  '/waitlist/erase': /Delete my data/,
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
