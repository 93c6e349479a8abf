// What a draft must be before it is stored, checked in one place for every save: the subject and the preheader are
// one line each, every part within its limit (shared/update-rows.ts), and the body's links and images allowed
// (update-markdown.ts). The store takes only a draft that passed (CheckedUpdate), so nothing else can be saved.
import { figure } from '../../../shared/figures'
import { updateLimits, updateLinkRule, type UpdateInput, type UpdateRefusal } from '../../../shared/update-rows'
import type { Fields } from '../../platform/http/read-body'
import { refusalIn } from './update-markdown'

export const updateMessages = {
  notText: 'Send the subject, the preheader and the body as text.',
  noSubject: 'Give the update a subject.',
  subjectTooLong: `Please shorten the subject to ${figure(updateLimits.subject)} characters at most.`,
  preheaderTooLong: `Please shorten the preheader to ${figure(updateLimits.preheader)} characters at most.`,
  bodyTooLong: `Please shorten the body to ${figure(updateLimits.body)} characters at most.`,
  oneLine: 'The subject and the preheader are one line each: please remove line breaks and special characters.',
  linkNotAllowed: (link: string) => `This link is not allowed: ${link}. ${updateLinkRule}`,
  image: (link: string) => `Images are not allowed in an update (an image is fetched when the email is opened, which would tell us who read it): ${link}`,
  notFound: 'No such update (it may have been deleted).',
} as const

declare const checked: unique symbol
/** A draft that passed checkUpdate. */
export type CheckedUpdate = UpdateInput & { readonly [checked]: true }

export type UpdateCheck = { ok: true; update: CheckedUpdate } | { ok: false; code: UpdateRefusal; message: string; link?: string }

// Line breaks and the other control characters (as a signup's name: shared/signup.ts): a subject is a mail header,
// and neither part is more than a line. Lone surrogates cannot be stored as UTF-8, in any part.
// eslint-disable-next-line no-control-regex -- finding control characters is the point of this pattern
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
const loneSurrogates = /\p{Cs}/u

const invalid = (message: string): UpdateCheck => ({ ok: false, code: 'invalid', message })

export function checkUpdate(fields: Fields): UpdateCheck {
  const { subject, preheader, body } = fields
  if (typeof subject !== 'string' || typeof preheader !== 'string' || typeof body !== 'string') return invalid(updateMessages.notText)
  const input = { subject: subject.trim(), preheader: preheader.trim(), body }
  if (input.subject === '') return invalid(updateMessages.noSubject)
  if (input.subject.length > updateLimits.subject) return invalid(updateMessages.subjectTooLong)
  if (input.preheader.length > updateLimits.preheader) return invalid(updateMessages.preheaderTooLong)
  if (input.body.length > updateLimits.body) return invalid(updateMessages.bodyTooLong)
  if (controlCharacters.test(input.subject) || controlCharacters.test(input.preheader)) return invalid(updateMessages.oneLine)
  if ([input.subject, input.preheader, input.body].some((part) => loneSurrogates.test(part))) return invalid(updateMessages.notText)
  const refused = refusalIn(input.body)
  if (refused) {
    const message = refused.code === 'image' ? updateMessages.image(refused.link) : updateMessages.linkNotAllowed(refused.link)
    return { ok: false, code: refused.code, message, link: refused.link }
  }
  return { ok: true, update: input as CheckedUpdate }
}
