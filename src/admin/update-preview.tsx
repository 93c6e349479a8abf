// The email as the list would get it (GET /updates/:id/preview), shown, never run: each HTML in an <iframe
// sandbox="" srcdoc> (no script, no form, no navigation of the console, an origin of its own, nothing fetched), the
// light one in a frame whose colour scheme is light and the dark one beside it, and the plain text as text in a
// <pre>, never as markup (server/features/updates/update-routes.ts says why).
import styled from 'styled-components'
import type { UpdatePreview } from '../../shared/update-rows'
import { theme } from '../ui/theme'
import { updateIds } from './update-parts'

const Frames = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: 1rem;
  figure { margin: 0; }
  figcaption { font-weight: 600; margin-bottom: 0.4rem; }
  iframe { width: 100%; height: 36rem; border: 1px solid ${theme.color.line}; border-radius: ${theme.radius}; }
`

const Text = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  max-height: 24rem;
  overflow: auto;
  padding: 0.75rem 1rem;
  border: 1px solid ${theme.color.line};
  border-radius: ${theme.radius};
  color: ${theme.color.ink};
`

/** `stale`: words were typed since the draft was saved, and the preview is of the saved draft. */
export function UpdatePreviewPanel({ preview, stale = false }: { preview: UpdatePreview; stale?: boolean }) {
  return (
    <div role="region" aria-labelledby={updateIds.preview}>
      <h3 id={updateIds.preview} tabIndex={-1}>Preview</h3>
      {stale && <p>This is the saved draft. Save to see your changes here.</p>}
      <dl>
        <dt>Subject</dt>
        <dd>{preview.subject}</dd>
        <dt>Preheader</dt>
        <dd>{preview.preheader || '(none)'}</dd>
      </dl>
      <Frames>
        <figure>
          <figcaption>In a light inbox</figcaption>
          <iframe sandbox="" srcDoc={preview.html} title="The update in a light inbox" style={{ colorScheme: 'light' }} />
        </figure>
        <figure>
          <figcaption>In a dark inbox</figcaption>
          <iframe sandbox="" srcDoc={preview.darkHtml} title="The update in a dark inbox" style={{ colorScheme: 'dark' }} />
        </figure>
      </Frames>
      <h4 id="update-preview-text">The plain-text part</h4>
      <Text tabIndex={0} role="region" aria-labelledby="update-preview-text">{preview.text}</Text>
    </div>
  )
}
