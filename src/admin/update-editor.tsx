// Writing an update (issue 31): the subject, the preheader and the body in Markdown, the words held by the updates
// machine (EDIT) until Save stores them; the link rule beside the body, and a refused link named under it. Preview,
// the test and Send work on the saved words, so the machine offers them once nothing is unsaved. The buttons say
// "not now" with aria-disabled rather than disabled, so that the one just pressed keeps the keyboard's focus.
import styled from 'styled-components'
import { updateLimits, updateLinkRule, type UpdateInput } from '../../shared/update-rows'
import { theme } from '../ui/theme'
import { Field, Row, Status } from './admin-styles'
import { QuestionBox } from './ask-first'
import { Button } from './button'
import { updateIds, type UpdatesPart } from './update-parts'
import { UpdatePreviewPanel } from './update-preview'
import { useAllows } from './permissions'

// On a wide screen the saved draft's preview stands beside the editor; on a narrower one, below it (issue 47). Each
// half is a container, so the editor lays out by the room it has rather than by the window's width.
const Workbench = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 1.5rem 2rem;
  align-items: start;
  @media (min-width: 75rem) { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); }
  & > * { container-type: inline-size; min-width: 0; }
`

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(12rem, 1fr);
  gap: 0 1.5rem;
  @container (max-width: 40rem) { grid-template-columns: minmax(0, 1fr); }
  input, textarea { width: 100%; max-width: none; box-sizing: border-box; }
  textarea { font: inherit; padding: 0.5rem 0.6rem; border: 1px solid ${theme.color.inkMuted}; border-radius: 0.4rem; min-height: 14rem; }
  aside { border-left: 3px solid ${theme.color.line}; padding-left: 1rem; color: ${theme.color.ink}; }
`

const bodyHints = { rule: 'update-link-rule', refused: 'update-refused-link' }

export function UpdateEditor({ updates, state }: UpdatesPart) {
  const { update, input, preview, refusedLink } = state.context
  const maySend = useAllows('updates:send')
  const edit = (field: keyof UpdateInput) => (event: { target: { value: string } }) => updates.send({ type: 'EDIT', field, value: event.target.value })
  type Busy = { in: 'previewing' | 'testing'; label: string }
  const act = (type: 'PREVIEW' | 'TEST' | 'PREPARE_SEND' | 'DELETE' | 'CLOSE', label: string, busy?: Busy, tone?: 'plain' | 'danger') => {
    const allowed = state.can({ type })
    return (
      <Button type="button" $tone={tone} aria-disabled={!allowed} onClick={() => allowed && updates.send({ type })}>
        {busy && state.matches(busy.in) ? busy.label : label}
      </Button>
    )
  }
  // Words typed while a request runs would be lost to its answer: the fields wait for it.
  const readOnly = !state.can({ type: 'EDIT', field: 'subject', value: '' })
  const canSave = state.can({ type: 'SAVE' })
  const unsaved = (state.matches('writing') || state.matches('refreshingPreview')) && update !== null && canSave
  return (
    <Workbench>
      <form aria-labelledby="update-editor-heading" noValidate onSubmit={(event) => (event.preventDefault(), canSave && updates.send({ type: 'SAVE' }))}>
        <h3 id="update-editor-heading">{update ? `Draft #${update.id}` : 'A new update'}</h3>
        <Columns>
          <div>
            <Field>
              <label htmlFor={updateIds.subject}>Subject</label>
              <input id={updateIds.subject} value={input.subject} readOnly={readOnly} maxLength={updateLimits.subject} onChange={edit('subject')} />
            </Field>
            <Field>
              <label htmlFor="update-preheader">Preheader</label>
              <input
                id="update-preheader"
                value={input.preheader}
                readOnly={readOnly} maxLength={updateLimits.preheader}
                aria-describedby="update-preheader-hint"
                onChange={edit('preheader')}
              />
              <span id="update-preheader-hint">The line an inbox shows after the subject.</span>
            </Field>
            <Field>
              <label htmlFor="update-body">Body (Markdown)</label>
              <textarea
                id="update-body"
                value={input.body}
                readOnly={readOnly}
                maxLength={updateLimits.body}
                aria-invalid={refusedLink !== ''}
                aria-describedby={refusedLink ? `${bodyHints.refused} ${bodyHints.rule}` : bodyHints.rule}
                onChange={edit('body')}
              />
              {refusedLink && (
                <Status id={bodyHints.refused} $tone="error">
                  Refused link: <code>{refusedLink}</code>
                </Status>
              )}
            </Field>
          </div>
          <aside aria-label="How to write the body">
            <p id={bodyHints.rule}>{updateLinkRule} Raw HTML is not rendered, and images are not allowed: an image would tell us who opened the email.</p>
            <p>Markdown: **bold**, _italic_, [words](https://…), lists with “- ”, headings with “## ”.</p>
          </aside>
        </Columns>
        <Row>
          <Button type="submit" aria-disabled={!canSave}>{state.matches('saving') ? 'Saving…' : update ? 'Save changes' : 'Save draft'}</Button>
          {update && act('PREVIEW', 'Preview', { in: 'previewing', label: 'Loading the preview…' })}
          {update && act('TEST', 'Send a test to myself', { in: 'testing', label: 'Sending the test…' })}
          {update && maySend && act('PREPARE_SEND', 'Send to the list…')}
          {update && act('DELETE', 'Delete draft', undefined, 'danger')}
          {act('CLOSE', 'Back to the list', undefined, 'plain')}
        </Row>
        {unsaved && <p>Save your changes to preview, test or send them.</p>}
      </form>
      <div>
        {preview ? (
          <UpdatePreviewPanel preview={preview} stale={unsaved} />
        ) : (
          update && <p>{state.matches('refreshingPreview') ? 'Loading the preview…' : 'The preview shows here once the draft is saved.'}</p>
        )}
      </div>
      {(state.matches('confirmingDelete') || state.matches('deleting')) && <DeleteConfirm updates={updates} state={state} />}
    </Workbench>
  )
}

function DeleteConfirm({ updates, state }: UpdatesPart) {
  return (
    <QuestionBox $tone="danger" role="group" aria-labelledby={updateIds.confirm} onKeyDown={(event) => event.key === 'Escape' && state.can({ type: 'BACK' }) && updates.send({ type: 'BACK' })}>
      <h3 id={updateIds.confirm} tabIndex={-1}>Delete “{state.context.update?.subject}”?</h3>
      <p>The draft is deleted for good, with any test of it still waiting to go.</p>
      <Row>
        <Button type="button" $tone="danger" disabled={!state.can({ type: 'CONFIRM' })} onClick={() => updates.send({ type: 'CONFIRM' })}>
          {state.matches('deleting') ? 'Deleting…' : 'Delete the draft'}
        </Button>
        <Button type="button" $tone="plain" disabled={!state.can({ type: 'BACK' })} onClick={() => updates.send({ type: 'BACK' })}>Keep it</Button>
      </Row>
    </QuestionBox>
  )
}
