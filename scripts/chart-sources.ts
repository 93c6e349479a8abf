import { adminAnalyticsMachine } from '../machines/admin-analytics-machine'
import { adminApiKeysMachine } from '../machines/admin-api-keys-machine'
import { adminWebhooksMachine } from '../machines/admin-webhooks-machine'
import { adminAuditMachine } from '../machines/admin-audit-machine'
import { adminEraseMachine } from '../machines/admin-erase-machine'
import { adminPersonMachine } from '../machines/admin-person-machine'
import { adminLiftMachine } from '../machines/admin-lift-machine'
import { adminMailDomainMachine } from '../machines/admin-mail-domain-machine'
import { adminSuppressionsMachine } from '../machines/admin-suppressions-machine'
import { adminReferralsMachine } from '../machines/admin-referrals-machine'
import { adminSignInMachine } from '../machines/admin-sign-in-machine'
import { adminSummaryMachine } from '../machines/admin-summary-machine'
import { adminInviteUrlMachine } from '../machines/admin-invite-url-machine'
import { adminTableMachine } from '../machines/admin-table-machine'
import { adminUpdatesMachine } from '../machines/admin-updates-machine'
import { adminTeamMachine } from '../machines/admin-team-machine'
import { adminQuestionsMachine } from '../machines/admin-questions-machine'
import { adminCohortMachine } from '../machines/admin-cohort-machine'
import { adminWavesMachine } from '../machines/admin-waves-machine'
import { copyMachine } from '../machines/copy-machine'
import { eraseRequestMachine } from '../machines/erase-request-machine'
import { ownDataRequestMachine } from '../machines/own-data-request-machine'
import { headerMachine } from '../machines/header-machine'
import { menuMachine } from '../machines/menu-machine'
import { newsChoiceMachine } from '../machines/news-choice-machine'
import { referralCreditMachine } from '../machines/referral-credit-machine'
import { signupConsentMachine } from '../machines/signup-consent-machine'
import { tokenActionMachine } from '../machines/token-action-machine'
import { updateSendMachine } from '../machines/update-send-machine'
import { waitlistMachine } from '../machines/waitlist-machine'
import type { ChartSource } from './state-charts'

export const chartSources: ChartSource[] = [
  {
    machine: waitlistMachine,
    summary: 'One waitlist form (the landing page has two, each with its own actor). It validates, sends exactly one request, and shows every outcome of the error catalogue.',
  },
  {
    machine: tokenActionMachine,
    summary: 'The page behind a link in one of our emails (confirm, unsubscribe, confirm an erasure): opening it changes nothing; its button sends the token once, and the reply says whether it worked, the link is spent, or to try again.',
  },
  {
    machine: newsChoiceMachine,
    summary:
      'The question about news and updates after a confirmation (the confirmation page, and the outcome pages a no-script confirmation or choice lands on): one button gives it, never pre-ticked; the answer offers the other choice at once, with the token it handed on, so taking it back is one press too.',
  },
  {
    machine: eraseRequestMachine,
    summary: 'The erasure request form (/waitlist/erase): it validates the address, sends exactly one request, and shows the server’s reply, the same for every address.',
  },
  {
    machine: ownDataRequestMachine,
    summary: 'The request for a copy of one’s own data (/waitlist/copy), the erasure request’s twin: it validates the address, sends exactly one request, and shows the server’s reply, the same for every address.',
  },
  {
    machine: menuMachine,
    summary:
      'The navigation menu on small screens: a disclosure button that opens and closes the list of links. The list is a popover, so the page opens it before the app runs; the machine takes that state over when the app starts (SHOWN) and follows the browser when it closes the menu itself (DISMISSED).',
  },
  {
    machine: headerMachine,
    summary: 'The fixed header: transparent over the top of the page, solid once the page is scrolled more than 10 px.',
  },
  {
    machine: signupConsentMachine,
    summary:
      'One signup’s consent, as the endpoint keeps it in the database (server/features/consent/ asks this machine which moves are allowed). Signing up again re-sends a pending address’s confirmation at most once per 10 minutes, and makes an unsubscribed address pending again; confirming anew, they return to where they stood (in line, or to their invitation). At launch a wave invites confirmed people (server/features/launch/): an invitation is claimed through its link while it is open, or expires, and the team may send an expired one again.',
  },
  {
    machine: referralCreditMachine,
    summary:
      'What a friend’s first confirmation earns the person whose share link they came through: credit (a move up the line), nothing (an unknown or erased code, the referrer’s own inbox, past the daily cap), or held for the team to approve or reject when it looks like a farm (many from one network, or a burst).',
  },
  {
    machine: updateSendMachine,
    summary:
      'One update’s sending to the list (issue 31), as the endpoint keeps it: a draft until the team sends it now or schedules it, then sending, paused or cancelled, until done. The store asks this machine which moves are allowed (server/features/updates/), and the console shows only the moves it allows.',
  },
  {
    machine: adminSignInMachine,
    summary: 'The console’s sign-in: a session check, asking for a link (the same answer for every address), a button that uses a link once, and sign-out on the server.',
  },
  {
    machine: adminTableMachine,
    summary:
      'The console’s signups table: one server request per search, sort or page, then loaded, empty or failed. Next and Previous follow the cursors of the page on screen and stop at either end; First, Last and a page number jump; a new search or sort starts at page 1.',
  },
  {
    machine: adminEraseMachine,
    summary: 'Erasing one person from the console: nothing happens until the confirmation, then one request.',
  },
  {
    machine: adminPersonMachine,
    summary: 'One person’s page in the console: their record loading, shown, not found or failed (with a retry), read again after a change made from the page, and erased from the page.',
  },
  {
    machine: adminLiftMachine,
    summary: 'Lifting one address off the suppression list from a person’s page (issue 49): one request; done, the page reads the person again; refused, the server’s words and Lift again.',
  },
  {
    machine: adminSuppressionsMachine,
    summary:
      'The console’s suppression list (issue 49): a page at a time, newest first, by keyset (Older and Newer entries); Lift takes one address on the page off the list, and the same page is read again; a refusal stays in the server’s words.',
  },
  {
    machine: adminMailDomainMachine,
    summary: 'The check of MAIL_FROM’s domain on the Overview (issue 49): nothing looked up until asked, since DNS may take seconds; then each record found, or missing with the record to add, or why it could not be checked.',
  },
  {
    machine: adminSummaryMachine,
    summary: 'The Overview’s figures (totals, trend, funnel, sends, setup, 90 days): loading, then ready or failed.',
  },
  {
    machine: adminInviteUrlMachine,
    summary: 'An owner sets the invitation link (INVITE_URL) on the Overview, with no restart: editing, then saving.',
  },
  {
    machine: adminAuditMachine,
    summary: 'The console’s audit log, a page at a time, newest first: loading, then ready or failed; Older follows the cursor the page ended with, Newer steps back.',
  },
  {
    machine: adminReferralsMachine,
    summary:
      'The console’s referrals: the ones held for the team, a page at a time, and the top referrers, loading then ready or failed; approving or rejecting one held referral sends one request, then the page is fetched again (a page emptied by reviews steps back a page).',
  },
  {
    machine: adminWavesMachine,
    summary:
      'The console’s invitations (issue 22): the waves and their funnel, the pace and how many wait, loading then ready or failed. Inviting the next N shows who they are first, and the wave names the first of them: if the line moved meanwhile (another tab, a colleague), the new head of the line is shown instead of invited. Setting or stopping the pace and sending a wave’s expired invitations again are one request each; every change fetches the figures again.',
  },
  {
    machine: adminUpdatesMachine,
    summary:
      'The console’s updates to the list (issue 31): the updates with where each stands, loading then the list or failed. A draft is written and saved, then previewed, tested on oneself and sent, only once nothing is unsaved; sending asks how many each audience holds, then the audience, the time and the rate, then a last look that repeats the audience and its count. A sent update shows its record, fetched again every few seconds while it is scheduled or sending, with the moves the send’s own machine allows. A refusal because the update moved on fetches it again; one that says it is gone shows the list.',
  },
  {
    machine: adminAnalyticsMachine,
    summary:
      'The console’s “Where signups come from” (issue 32): the visits, the signups that followed them and how far those went, over the last 7, 30 or 90 days; loading then ready or failed. Choosing another range asks for its report from any state (the request for the range before is stopped); Refresh and Try again ask for the same range again.',
  },
  {
    machine: adminApiKeysMachine,
    summary:
      'The console’s API keys (issue 33): the keys, loading then ready or failed. Making a key needs a name and a scope; the key made is shown until the team says it is copied, whatever else happens. Revoking asks first; each change fetches the list again.',
  },
  {
    machine: copyMachine,
    summary: 'A Copy button beside a secret shown once (a webhook’s signing secret, an API key): one press asks the clipboard once, and the live region says it was copied, or how to copy by hand where the browser refuses.',
  },
  {
    machine: adminWebhooksMachine,
    summary:
      'The console’s webhooks (issue 33): the endpoints, loading then ready or failed. Each change (add, edit the events, turn on or off, delete, rotate the secret, send a test) is one request, after which the list is fetched again, and a deletion is asked about first; a secret made by an add or a rotation is shown until the team says it is copied. One endpoint’s delivery log is read under the list, a page at a time; a test opens its endpoint’s log.',
  },
  {
    machine: adminTeamMachine,
    summary:
      'The console’s team (issue 46): the members with their roles, loading then ready or failed. Inviting needs a valid address and a role; changing a role is one request; removing asks first, since it ends that member’s sessions at once. Each change answers with the team as it stands; a refusal (the last owner, an owner the settings name) is the server’s own words, and the team is fetched again.',
  },
  {
    machine: adminQuestionsMachine,
    summary:
      'The console’s questions (issue 52): the questions asked after confirmation with their counts, loading then ready or failed. Defining one or writing its new version is a form whose Save waits for a wording (and two choices or more for a choice question), then one request; a refusal is the server’s words, with the form kept. Retiring asks first.',
  },
  {
    machine: adminCohortMachine,
    summary:
      'A cohort by answers (issue 52), inside the Invitations’ invite form and the Updates’ send form: no rule at first (the next in line, or the whole audience); the first rule fetches the choice questions asked now, then each rule names one of them and the answers it takes, every rule held; removing the last rule is no cohort again.',
  },
]
