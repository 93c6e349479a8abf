// The one place the server reads the system's clock. The composition (compose.ts) takes a clock from its host,
// this one by default, and hands that same clock to every part that asks the time: the per-inbox budget's
// callers, the outbox, tokens, the pace, the sweeps, the analytics' day. A part that read the system's clock on
// its own would disagree with a test's clock, or with a host that moves time (docs/architecture.md, "One clock").
export type Now = () => Date

export const systemClock: Now = () => new Date()
