// A transport of the outbox that a wing runs (the webhooks' posts), watched as the outbox's emails are: its gauges
// in the metrics (metrics.ts watchQueue), and its own word in /healthz when it stalls (platform/database/health.ts).
// The wing declares it in its manifest (platform/wing/wing.ts `queue`); the platform names none.
import type { OutboxStats } from '../outbox/outbox-store'

/** How the queue stands, in the outbox's figures, and how many of what it sends to fail now. */
export type QueueStats = OutboxStats & { failing: number }

export type WatchedQueue = {
  /** Its metrics' prefix (waitlist_<name>_waiting, …) and /healthz's word when it stalls. */
  name: string
  /** What it holds and what fails, in the metrics' help: "Webhook deliveries", "Endpoints on whose …". */
  words: { items: string; failing: string }
  stats(now: Date): Promise<QueueStats>
  /** The line to log when something due has waited past what the queue allows (nothing takes it), or undefined. */
  stalled(now: Date): Promise<string | undefined>
}
