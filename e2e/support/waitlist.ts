// The two waitlist forms of the home page as a visitor finds them, and what the stub endpoint received.
import { expect, type Page } from '@playwright/test'
import { palettes } from '../../src/ui/theme'
import { stubOrigin } from './ports'
import type { RecordedRequest } from './waitlist-stub'

export const waitlistForms = [
  { id: 'hero', region: 'Get early access' },
  { id: 'bottom', region: 'Ready when you are' },
] as const

export type WaitlistFormId = (typeof waitlistForms)[number]['id']

export function waitlistForm(page: Page, id: WaitlistFormId) {
  const region = page.getByRole('region', { name: waitlistForms.find((form) => form.id === id)!.region })
  return {
    region,
    firstName: region.getByRole('textbox', { name: 'First name' }),
    email: region.getByRole('textbox', { name: 'Email' }),
    submit: region.getByRole('button', { name: 'Join the waitlist' }),
    status: region.getByRole('status'),
  }
}

export function otherForm(id: WaitlistFormId): WaitlistFormId {
  return id === 'hero' ? 'bottom' : 'hero'
}

const rgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16)
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`
}

/** The status colours: green on success, red on failure, body ink otherwise. */
export const statusColor = { success: rgb(palettes.light.success), error: rgb(palettes.light.error), neutral: rgb(palettes.light.ink) }

/** What the stub endpoint received, optionally only for one email, one token or one method. */
export async function stubRequests(filter: { email?: string; token?: string; method?: string } = {}): Promise<RecordedRequest[]> {
  const query = new URLSearchParams(Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined))
  const response = await fetch(`${stubOrigin}/__requests?${query}`)
  expect(response.ok).toBe(true)
  return (await response.json()) as RecordedRequest[]
}
