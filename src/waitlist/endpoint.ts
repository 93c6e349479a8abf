// The waitlist endpoint is fixed at build time. Empty means "not configured": the form then falls back
// to a mail draft (docs/product-rules.md#the-waitlist-form).
export const waitlistEndpoint: string = String(import.meta.env.VITE_WAITLIST_ENDPOINT ?? '').trim()
