// Updates to the list (issue 31): the updates so far, writing one, sending it and reading its record. Which part
// shows is the updates machine's state; whether a button works is its answer (state.can). The parts are in files
// of their own: the editor and its preview, the send form with its last look, and the record.
import { useSelector } from '@xstate/react'
import type { AdminUpdatesStateName } from '../../machines/admin-updates-machine'
import type { UpdateSummary } from '../../shared/update-rows'
import { Status, TableScroll } from './admin-styles'
import { Button } from './button'
import { UpdateEditor } from './update-editor'
import { sendStateWords, updateIds, type Updates, type UpdatesPart } from './update-parts'
import { UpdateRecord } from './update-record'
import { UpdateSendForm, type Cohort } from './update-send-form'
import { useRulesClearedOnceUsed } from './cohort-rules'
import { consoleTime } from './console-time'
import { focusSoon } from './outcome'

/** The browser side of the updates machine's focus actions (areas/updates-area.tsx provides them). */
export const updatesViewEffects = {
  focusEditor: () => focusSoon(updateIds.subject),
  focusPreview: () => focusSoon(updateIds.preview),
  focusSendForm: () => focusSoon(updateIds.sendForm),
  focusConfirm: () => focusSoon(updateIds.confirm),
  focusRecord: () => focusSoon(updateIds.record),
  focusList: () => focusSoon(updateIds.list),
}

type Screen = 'list' | 'opening' | 'editor' | 'send' | 'record'
const screens: Record<AdminUpdatesStateName, Screen> = {
  loading: 'list',
  failed: 'list',
  list: 'list',
  opening: 'opening',
  writing: 'editor',
  // An opened or saved draft, its preview loading beside it: the editor works meanwhile.
  refreshingPreview: 'editor',
  saving: 'editor',
  previewing: 'editor',
  testing: 'editor',
  confirmingDelete: 'editor',
  deleting: 'editor',
  counting: 'send',
  choosing: 'send',
  countingMatch: 'send',
  confirmingSend: 'send',
  starting: 'send',
  watching: 'record',
  refreshing: 'record',
  confirmingCancel: 'record',
  moving: 'record',
}

/** The updates; with `cohort`, a send may go by answers. */
export function UpdatesView({ updates, cohort }: { updates: Updates; cohort?: Cohort }) {
  const state = useSelector(updates, (snapshot) => snapshot)
  const { message, error } = state.context
  const screen = screens[state.value]
  useRulesClearedOnceUsed(updates, cohort)
  return (
    <section aria-labelledby="updates-heading" aria-busy={state.hasTag('busy')}>
      <h2 id="updates-heading">Updates</h2>
      <Status role="status" aria-live="polite">{message}</Status>
      {error && <Status role="alert" $tone="error">{error}</Status>}
      {screen === 'list' && <UpdatesList updates={updates} state={state} />}
      {screen === 'opening' && <p>Opening the update…</p>}
      {screen === 'editor' && <UpdateEditor updates={updates} state={state} />}
      {screen === 'send' && <UpdateSendForm updates={updates} state={state} cohort={cohort} />}
      {screen === 'record' && <UpdateRecord updates={updates} state={state} />}
    </section>
  )
}

function UpdatesList({ updates, state }: UpdatesPart) {
  const list = state.context.updates
  return (
    <>
      <h3 id={updateIds.list} tabIndex={-1}>Updates to the list</h3>
      {state.matches('failed') && <Button type="button" onClick={() => updates.send({ type: 'RETRY' })}>Try again</Button>}
      <p>
        <Button type="button" disabled={!state.can({ type: 'NEW' })} onClick={() => updates.send({ type: 'NEW' })}>Write an update</Button>
      </p>
      {!list ? (
        !state.matches('failed') && <p>Loading the updates…</p>
      ) : list.length === 0 ? (
        <p>No update has been written yet.</p>
      ) : (
        <TableScroll tabIndex={0} role="region" aria-labelledby={updateIds.list}>
          <table>
            <caption className="visually-hidden">Each update, the last edited first: its subject, where it stands, and who edited it last and when</caption>
            <thead>
              <tr><th scope="col">Subject</th><th scope="col">Where it stands</th><th scope="col">Last edited by</th><th scope="col">When (your time)</th></tr>
            </thead>
            <tbody>{list.map((update) => <ListRow key={update.id} update={update} updates={updates} state={state} />)}</tbody>
          </table>
        </TableScroll>
      )}
    </>
  )
}

function ListRow({ update, updates, state }: UpdatesPart & { update: UpdateSummary }) {
  const open = { type: 'OPEN', id: update.id } as const
  return (
    <tr>
      <th scope="row">
        <button type="button" disabled={!state.can(open)} onClick={() => updates.send(open)}>{update.subject}</button>
      </th>
      <td>{sendStateWords[update.state]}</td>
      <td>{update.updatedBy}</td>
      <td>{consoleTime(update.updatedAt)}</td>
    </tr>
  )
}
