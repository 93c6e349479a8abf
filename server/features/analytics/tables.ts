// The analytics' tables, merged into the platform's `Tables` (platform/database/schema.ts says how).
import type { Generated } from 'kysely'

declare module '../../platform/database/schema' {
  interface Tables {
    /** The salt of each UTC day's visitor hash: random, shared by every instance, destroyed once its day is over. */
    analytics_salts: { day: string; salt: string }
    /** One page view, raw, kept ANALYTICS_RAW_DAYS: never an IP address or a User-Agent, only the day's hash of them. */
    analytics_views: {
      id: Generated<number>
      day: string
      visitor: string
      page: string
      referrer: string | null
      source: string
      medium: string | null
      campaign: string | null
      content: string | null
      term: string | null
      device: 'phone' | 'desktop'
    }
    /** A signup that followed a visit, by the visit's hash of the day: never the person, never the signup's id. */
    analytics_conversions: { day: string; visitor: string }
    /** A finished day's counts, per dimension and value ('all' has the value ''), once its raw views are rolled up. */
    analytics_daily: { day: string; dimension: string; value: string; visitors: number; views: number; signups: number }
    /** The counts so far of a day not rolled up yet (today), as of `counted_at`: the analytics' clock recounts them
     * every ANALYTICS_COUNT_SECONDS, and drops them once their day is rolled up. */
    analytics_partial: { day: string; dimension: string; value: string; visitors: number; views: number; signups: number; counted_at: string }
  }
}
