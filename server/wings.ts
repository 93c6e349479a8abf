// Every wing of the server, one line each (platform/wing/wing.ts says what a wing declares). The composition
// builds them in this order, each with what the wings above it offer, and the followers of an event take their
// locks in this order too: the line before the invitations, the webhooks last of all.
import { analyticsWing } from './features/analytics/wing'
import { apiWing } from './features/api/wing'
import { bouncesWing } from './features/bounces/wing'
import { consentWing } from './features/consent/wing'
import { consoleWing } from './features/console/wing'
import { copyWing } from './features/data-copy/wing'
import { launchWing } from './features/launch/wing'
import { questionsWing } from './features/questions/wing'
import { referralWing } from './features/referral/wing'
import { signupWing } from './features/signup/wing'
import { updatesWing } from './features/updates/wing'
import { webhooksWing } from './features/webhooks/wing'
import type { Wing } from './platform/wing/wing'

export const wings: readonly Wing[] = [
  signupWing,
  referralWing,
  questionsWing,
  launchWing,
  consentWing,
  consoleWing,
  updatesWing,
  analyticsWing,
  apiWing,
  bouncesWing,
  copyWing,
  webhooksWing,
]
