// The team behind the console (issue 46): who may do what. Permissions are the unit the server checks on every
// console route (shared/console-routes.ts names one per route); a role is a set of them, as listmonk's roles are
// sets of its permissions. The console hides what a member may not do, and the server refuses it all the same.

/** Every permission, in the order the console lists them. */
export const permissions = [
  /** Counts and charts: totals, the funnel, analytics, the outbox's health. Never an address. */
  'figures:read',
  /** The people table and its search, the held referrals, an update's recipients: addresses. */
  'people:read',
  /** Every CSV that names people: the signups, an update's record, the wave funnel. */
  'people:export',
  /** Erasing one person as their own confirmed request would. */
  'people:erase',
  /** Lifting an address off the suppression list (it may bounce again, or its owner complain again), or putting one
   * on it by hand. Reading the list is people:read: it shows addresses. */
  'suppressions:manage',
  /** Approving or rejecting a held referral. */
  'referrals:review',
  /** Writing, previewing and testing updates (the test goes to the writer's own address only). */
  'updates:write',
  /** Sending an update to the list, and pausing, resuming, unscheduling or cancelling a send. */
  'updates:send',
  /** Starting a wave of invitations, inviting a wave again, the daily pace. */
  'waves:send',
  /** The questions asked after confirmation (issue 52): defining, editing (a new version) and retiring them, and
   * their counts. Counts only: no answer of anyone. */
  'questions:manage',
  /** Reading sensitive (health) answers one by one: on a person's page, in the people CSV (audited) and through the
   * API's own scope. Everyone else sees them as counts (GDPR Art. 9: health data only to those who need it). */
  'answers:sensitive:read',
  /** API keys: listing, making and revoking. */
  'api-keys:manage',
  /** Webhook endpoints: every confirmed address reaches them. */
  'webhooks:manage',
  /** The team itself: inviting, changing roles, removing. */
  'team:manage',
  /** The audit log: who did what, when. */
  'audit:read',
  /** The settings the console may change with no restart (the invitation link, INVITE_URL): a wrong one sends
   * every invited person to the wrong place, so owners only. */
  'settings:manage',
] as const
export type Permission = (typeof permissions)[number]

export const roles = ['owner', 'people', 'sender', 'editor', 'viewer'] as const
export type Role = (typeof roles)[number]

/**
 * What each role may do. Owner: everything. People: the people behind the list (read, export, erase, review
 * referrals), and no sending. Sender: writes and sends updates and starts waves, and never reads an address.
 * Editor: writes, previews and tests updates, and sends nothing. Viewer: the figures only.
 * Questions (issue 52): the people role defines them, as it looks after the people behind the list, and the sender
 * sees their counts through its waves; sensitive answers one by one are the owner's alone, since a role is a fixed
 * set and health answers go to as few as the purpose needs: a team that needs a second reader makes them an owner.
 */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  owner: permissions,
  people: ['figures:read', 'people:read', 'people:export', 'people:erase', 'suppressions:manage', 'referrals:review', 'audit:read', 'questions:manage'],
  sender: ['figures:read', 'updates:write', 'updates:send', 'waves:send'],
  editor: ['figures:read', 'updates:write'],
  viewer: ['figures:read'],
}

export const isRole = (value: unknown): value is Role => roles.some((role) => role === value)
export const can = (role: Role, permission: Permission) => rolePermissions[role].includes(permission)

/** A member as the console's team page lists them. One invited who has not signed in yet has `lastSignInAt` null. */
export type TeamMember = {
  email: string
  role: Role
  addedBy: string
  addedAt: string
  /** When they last signed in; null until they first do. */
  lastSignInAt: string | null
  /** From ADMIN_EMAILS: an owner the settings name, whom the console cannot remove or demote. */
  fromSettings: boolean
}
export type TeamReply = { members: TeamMember[] }
/** POST /team: invite an address with a role; a sign-in link goes to it. */
export type TeamInvite = { email: string; role: Role }
/** POST /team/role: change a member's role. */
export type TeamRoleChange = { email: string; role: Role }
/** POST /team/remove: remove a member; their sessions end at once. */
export type TeamRemoval = { email: string }
