// What the parts of the updates section share (updates-view.tsx and the files of its parts): the actor's type,
// the ids that focus moves to, and how a state and a moment read.
import type { ActorRefFrom } from 'xstate'
import type { adminUpdatesMachine, AdminUpdatesSnapshot } from '../../machines/admin-updates-machine'
import type { UpdateSendState } from '../../shared/update-rows'

export type Updates = ActorRefFrom<typeof adminUpdatesMachine>
export type UpdatesPart = { updates: Updates; state: AdminUpdatesSnapshot }

/** The elements focus moves to after a step. */
export const updateIds = {
  list: 'updates-list-heading',
  subject: 'update-subject',
  preview: 'update-preview-heading',
  sendForm: 'update-send-heading',
  confirm: 'update-confirm-heading',
  record: 'update-record-heading',
}

/** Where an update stands, in the list's words. */
export const sendStateWords: Record<UpdateSendState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  done: 'Sent',
  cancelled: 'Cancelled',
}

/** A moment as the team member's clock reads it, to the minute: "2026-11-27 14:05". */
export function localTime(iso: string) {
  const at = new Date(iso)
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`
}
