// The sign-in email (server/features/console/sign-in-email.tsx), sent through the endpoint's one mailer
// (server/platform/mail/mailer.ts) and its inbox's budget (platform/mail/mailbox-budget.ts).
//
// Anyone may ask for a sign-in link for a team address, as often as they like, so an outsider's asks must not
// keep the team member's own from being answered. One email waits per address: asks that come while it waits
// are answered by it, and its link is made when it is sent, so it works for its whole 15 minutes for whoever
// asked last. When the inbox has had its sign-in email for now, the waiting one goes when the budget says
// (at most 10 minutes), never later. The waiting is in memory: a restart forgets it, and the person asks again.
import { createElement } from 'react'
import { OverBudgetError, type MailboxBudget } from '../../platform/mail/mailbox-budget'
import type { Mailer, OutgoingMail } from '../../platform/mail/mailer'
import { renderEmail } from '../../platform/mail/render-email'
import { SignInEmail, signInSubject } from './sign-in-email'
import { TeamInvitationEmail, teamInvitationSubject } from './team-invitation-email'
import type { Role } from '../../../shared/team'
import { silentLogger, type Logger } from '../../platform/observability/logger'

export function signInMessage(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: signInSubject,
    ...renderEmail(createElement(SignInEmail, { signInUrl: link })),
    links: [{ label: 'Sign in to the console', url: link }],
  }
}

/** An invitation to the team (issue 46): a sign-in link in other words, with the role it comes with. */
export function teamInvitationMessage(to: string, link: string, role: Role): OutgoingMail {
  return {
    to,
    subject: teamInvitationSubject,
    ...renderEmail(createElement(TeamInvitationEmail, { signInUrl: link, role })),
    links: [{ label: 'Join the console', url: link }],
  }
}

/** What a waiting email is: a sign-in link its member asked for, or an owner's invitation to the team. */
export type SignInMail = { kind: 'sign-in' } | { kind: 'team-invitation'; role: Role }

export type SignInMailer = {
  /** Asks for a sign-in email (or, with `mail`, an invitation) to `to`, a team member; `makeLink` makes its link when
   * it is sent. */
  ask(to: string, makeLink: () => Promise<string>, mail?: SignInMail): void
  /** Stops: emails still waiting are not sent (their people can ask again). */
  stop(): void
}

export type SignInMailerOptions = {
  mailer: Mailer
  budget: MailboxBudget
  now: () => Date
  log?: Pick<Logger, 'error'>
  /** How often a waiting email looks at the clock. */
  checkMs?: number
}

type Waiting = { to: string; mail: SignInMail; dueAt: number; makeLink: () => Promise<string>; sending: boolean }

export function createSignInMailer(options: SignInMailerOptions): SignInMailer {
  const now = options.now
  const log = options.log ?? silentLogger
  const checkMs = options.checkMs ?? 1000
  const waiting = new Map<string, Waiting>()
  let timer: NodeJS.Timeout | undefined
  let stopped = false

  // A short look at the clock rather than one long timer, so a clock moved on (in the tests) is seen at once.
  function wake(delayMs: number): void {
    if (timer || stopped) return
    timer = setTimeout(check, delayMs)
    timer.unref()
  }

  function check(): void {
    timer = undefined
    const at = now().getTime()
    for (const [key, entry] of waiting) if (!entry.sending && entry.dueAt <= at) void send(key, entry)
    if ([...waiting.values()].some((entry) => !entry.sending)) wake(checkMs)
  }

  // An invitation is counted as its own kind, against the inbox (not vouched: its owner has not shown they read it).
  async function send(key: string, entry: Waiting): Promise<void> {
    entry.sending = true
    const { to, mail } = entry
    try {
      if (mail.kind === 'sign-in') await options.budget.send(options.mailer, 'sign-in', to, true, async () => signInMessage(to, await entry.makeLink()))
      else await options.budget.send(options.mailer, mail.kind, to, false, async () => teamInvitationMessage(to, await entry.makeLink(), mail.role))
      waiting.delete(key)
    } catch (error) {
      if (error instanceof OverBudgetError && !stopped) {
        entry.dueAt = now().getTime() + (error.retryAfterMs ?? checkMs)
        entry.sending = false
        wake(checkMs)
        return
      }
      waiting.delete(key)
      if (!stopped) log.error({ err: error }, 'admin: could not send a sign-in link')
    }
  }

  return {
    ask(to, makeLink, mail = { kind: 'sign-in' }) {
      // One email of each kind waits per address: an invitation never stands in for a sign-in link, nor the reverse.
      const key = `${mail.kind} ${to}`
      if (stopped || waiting.has(key)) return
      waiting.set(key, { to, mail, dueAt: now().getTime(), makeLink, sending: false })
      wake(0)
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      waiting.clear()
    },
  }
}
