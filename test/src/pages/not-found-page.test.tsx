import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderSite } from '../../utils/render-route'

describe('404 page', () => {
  it('answers an unknown path with Page Not Found', async () => {
    await renderSite(['/no-such-page'])
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page Not Found')
    expect(document.title).toMatch(/Page Not Found/)
  })

  it('goes home with Go Home', async () => {
    const user = userEvent.setup()
    const { router } = await renderSite(['/no-such-page'])
    await user.click(screen.getByRole('button', { name: 'Go Home' }))
    await screen.findByRole('heading', { level: 1, name: /coach that learns/i })
    expect(router.state.location.pathname).toBe('/')
  })

  it('goes back in history with Go Back', async () => {
    const user = userEvent.setup()
    const { router } = await renderSite(['/about', '/no-such-page'])
    await user.click(screen.getByRole('button', { name: 'Go Back' }))
    await screen.findByRole('heading', { level: 1, name: /About/ })
    expect(router.state.location.pathname).toBe('/about')
  })
})
