// The machines in the gallery, one entry each. Adding a machine is one line here, plus its entry (the page its
// view lives on, the region to picture, how each event of its graph is caused) in a module beside this one; a
// console section's entry is a few lines with consoleGallery() in console.ts.
import { eraseRequestGallery, headerGallery, menuGallery, newsChoiceGallery, ownDataRequestGallery, tokenActionGallery, waitlistGallery } from './visitor'
import { adminSignInGallery, analyticsGallery, apiKeysGallery, auditGallery, eraseGallery, liftGallery, mailDomainGallery, personGallery, referralsGallery, summaryGallery, suppressionsGallery, tableGallery, teamGallery, updatesGallery, wavesGallery, webhooksGallery, questionsGallery, cohortGallery } from './console'
import type { GalleryMachine } from './types'

export const galleryMachines: GalleryMachine[] = [
  waitlistGallery,
  eraseRequestGallery,
  ownDataRequestGallery,
  tokenActionGallery,
  newsChoiceGallery,
  menuGallery,
  headerGallery,
  adminSignInGallery,
  tableGallery,
  eraseGallery,
  personGallery,
  summaryGallery,
  auditGallery,
  analyticsGallery,
  referralsGallery,
  wavesGallery,
  apiKeysGallery,
  updatesGallery,
  webhooksGallery,
  teamGallery,
  suppressionsGallery,
  liftGallery,
  mailDomainGallery,
  questionsGallery,
  cohortGallery,
]

/** The machines of docs/state-charts.md that the gallery does not picture, and why: printed by every run. */
export const machinesNotInGallery: Record<string, string> = {
  signupConsent: 'No view: the server keeps it in the database (server/features/consent/).',
  referralCredit: 'No view: the server decides it when a friend confirms (server/features/referral/).',
  updateSend: 'No view of its own: the console shows its moves inside the updates section (adminUpdates).',
  adminInviteUrl: 'Pictured inside the Overview (adminSummary ready, with the form); its saving state lasts one request.',
  copy: 'No view of its own: its button sits beside a new secret in the webhooks and API keys sections, pictured there; what it says after a press needs the browser’s clipboard.',
}
