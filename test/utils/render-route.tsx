import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { render, screen } from '@testing-library/react'
import { createAppRouter } from '../../src/router'

/** Renders the whole site (the root route renders the page's body, and React hoists the page's title and
 * meta tags into <head>) at the given history entries, last one current, and waits for the page's h1. */
export async function renderSite(entries: string[]) {
  const history = createMemoryHistory({ initialEntries: entries, initialIndex: entries.length - 1 })
  const router = createAppRouter({ history })
  const view = render(<RouterProvider router={router} />)
  await screen.findByRole('heading', { level: 1 })
  return { ...view, router, history }
}
