// The console's export row: the signup's columns, then the person's standing in line, each cell guarded as
// platform/http/csv.ts guards it, then the person's answers.
import { describe, expect, it } from 'vitest'
import { consoleCsvColumns, consoleCsvRow } from '../../../../server/features/console/console-csv'
import { signupCsvColumns } from '../../../../server/features/signup/signup-export'

describe('the console’s export row', () => {
  const signup = {
    id: 7,
    created_at: '2026-11-24T10:15:30.123Z',
    email: 'ann@example.com',
    first_name: '=Ann',
    source: 'home',
    status: 'confirmed' as const,
    consent_version: null,
    confirmed_at: '2026-11-24T10:20:00.000Z',
    unsubscribed_at: null,
    news_consent_version: '2026-11-27',
    news_given_at: '2026-11-24T10:21:00.000Z',
    news_withdrawn_at: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    referrer_origin: null,
  }

  it('adds the place, credits, held referrals and referred-by code after the export’s own columns', () => {
    expect(consoleCsvColumns).toEqual([...signupCsvColumns, 'place', 'referral_credits', 'held_referrals', 'referred_by'])
    expect(consoleCsvRow({ ...signup, place: 12, referral_credits: 2, held_referrals: 1, referred_by: 'k7m2p9qx' })).toBe(
      "2026-11-24T10:15:30.123Z,ann@example.com,'=Ann,home,confirmed,,2026-11-24T10:20:00.000Z,,2026-11-27,2026-11-24T10:21:00.000Z,,,,,,12,2,1,k7m2p9qx\r\n",
    )
  })

  it('leaves the place empty for someone not yet in line, and the code for someone who came on their own', () => {
    expect(
      consoleCsvRow({ ...signup, status: 'pending', confirmed_at: null, news_consent_version: null, news_given_at: null, place: null, referral_credits: 0, held_referrals: 0, referred_by: null }),
    ).toMatch(/,pending,,,,,,,,,,,,0,0,\r\n$/)
  })

  it('puts the answers’ cells after the rest, guarded alike, and never the id (issue 52)', () => {
    const row = consoleCsvRow({ ...signup, place: 12, referral_credits: 2, held_referrals: 1, referred_by: null }, ['Under 5 km', '=knee', ''])
    expect(row).toMatch(/,12,2,1,,Under 5 km,'=knee,\r\n$/)
    expect(row.split(',')).toHaveLength(consoleCsvColumns.length + 3)
  })
})
