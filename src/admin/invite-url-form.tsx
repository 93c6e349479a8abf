// The invitation link (INVITE_URL) as an owner sets it from the setup checklist, with no restart (issue 47):
// machines/admin-invite-url-machine.ts. Shown to a member with settings:manage only; when the environment sets the
// link, the form is replaced by the words that say so, since the environment wins.
import { useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminInviteUrlMachine } from '../../machines/admin-invite-url-machine'
import type { InviteUrlSetting } from '../../shared/setup'
import { inviteUrlMessages } from '../../shared/setup'
import * as api from './admin-api-client'
import { Field, Row, Status } from './admin-styles'
import { Button } from './button'

const inviteUrlMachine = adminInviteUrlMachine.provide({ actors: { saveInviteUrl: fromPromise(({ input }) => api.setInviteUrl(input.url)) } })

export function InviteUrlForm({ setting, onSaved }: { setting: InviteUrlSetting; onSaved: () => void }) {
  const actor = useActorRef(inviteUrlMachine.provide({ actions: { announceSaved: onSaved } }), { input: { url: setting.url } })
  const state = useSelector(actor, (snapshot) => snapshot)
  if (setting.from === 'environment') return <p>{inviteUrlMessages.fromEnvironment}</p>
  const { url, message, error } = state.context
  const saving = state.hasTag('busy')
  return (
    <form
      aria-label="Invitation link"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'SAVE' })
      }}
    >
      <Field>
        <label htmlFor="invite-url">Invitation link (INVITE_URL): where a claimed invitation sends its person</label>
        <input
          id="invite-url"
          type="url"
          inputMode="url"
          placeholder="https://testflight.apple.com/join/AbCdEfGh"
          value={url}
          aria-describedby="invite-url-words"
          aria-invalid={error ? true : undefined}
          onChange={(event) => actor.send({ type: 'URL_CHANGED', value: event.target.value })}
        />
      </Field>
      <Row>
        <Button type="submit" disabled={saving}>{saving ? 'Saving…' : 'Save the link'}</Button>
      </Row>
      <Status id="invite-url-words" role={error ? 'alert' : 'status'} $tone={error ? 'error' : undefined}>{error || message}</Status>
    </form>
  )
}
