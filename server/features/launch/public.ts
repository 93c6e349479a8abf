// What other features may use of the launch, and the only file of this folder they may import
// (docs/architecture.md, "How features meet"; eslint.config.js holds it): whether a person holds an
// invitation, and where it stands (asked by a confirmation and by the place page), what the place page says
// of it, and the purpose under which a claim's activation code is stored (redeemed by the API wing).
export { heldInvitation } from './held-invitation'
export { invitationWords } from './invitation-words'
export { activationCodePurpose } from './activation-code'
export type { LaunchEvents, LaunchSubscriber } from './launch-events'
