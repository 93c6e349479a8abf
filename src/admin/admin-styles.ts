// The console's few layout pieces, on the site's design tokens (src/ui/theme.ts).
import styled from 'styled-components'
import { theme } from '../ui/theme'

export const Page = styled.main`
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem 4rem;
  h1 { font-size: clamp(1.6rem, 4vw, 2.2rem); }
  h2 { font-size: 1.35rem; margin-top: 2rem; }
`

export const Bar = styled.header`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem 1.5rem;
  align-items: baseline;
  justify-content: space-between;
  border-bottom: 1px solid ${theme.color.line};
  margin-bottom: 1rem;
  p { margin: 0; color: ${theme.color.inkMuted}; }
`

/** The console's button as it looks; src/admin/button.tsx is the button the views use. */
export const ButtonLook = styled.button<{ $tone?: 'danger' | 'plain' }>`
  font: inherit;
  padding: 0.5rem 1rem;
  border-radius: 0.5rem;
  border: 2px solid ${({ $tone }) => ($tone === 'danger' ? theme.color.error : theme.color.brand)};
  background: ${({ $tone }) => ($tone === 'danger' ? theme.color.error : $tone === 'plain' ? theme.color.surface : theme.color.brand)};
  /* Text in each scheme's colour for its fill: white on the light scheme's dark fills (7.9:1, 6.5:1), dark on the dark
     scheme's light ones (9.1:1, 9.6:1), where white was 1.8:1 and 1.9:1. */
  color: ${({ $tone }) => ($tone === 'plain' ? theme.color.brand : $tone === 'danger' ? theme.color.surface : theme.color.onBrand)};
  cursor: pointer;
  &:disabled { opacity: 0.7; cursor: progress; }
  /* A pager's buttons say "not now" with aria-disabled rather than disabled, so that the one just pressed keeps
     the keyboard's focus while the next page loads. */
  &[aria-disabled='true'] { opacity: 0.7; cursor: not-allowed; }
`

export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
  margin-bottom: 0.75rem;
  input, select { font: inherit; padding: 0.5rem 0.6rem; border: 1px solid ${theme.color.inkMuted}; border-radius: 0.4rem; max-width: 24rem; }
  /* A choice's words may be longer than a phone is wide. */
  select { max-width: min(24rem, 85vw); }
`

export const Status = styled.p<{ $tone?: 'error' | 'plain' }>`
  color: ${({ $tone }) => ($tone === 'error' ? theme.color.error : theme.color.ink)};
  font-weight: 600;
`

export const Cards = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.75rem;
  margin: 0 0 1rem;
  div { border: 1px solid ${theme.color.line}; border-radius: ${theme.radius}; padding: 0.75rem 1rem; }
  dt { color: ${theme.color.inkMuted}; }
  dd { margin: 0; font-size: 1.8rem; font-weight: 700; }
`

// position: relative keeps what is visually hidden inside (an "Actions" header, a caption: position absolute)
// inside the scroll box; without it, it was placed against the page and widened it (1,397 px at 1280).
// A margin below: what follows a table (a heading, a second table, a link) does not touch its last row's line.
export const TableScroll = styled.div`
  position: relative;
  overflow-x: auto;
  margin-bottom: 1rem;
  table { border-collapse: collapse; width: 100%; min-width: 36rem; }
  th, td { text-align: left; padding: 0.45rem 0.6rem; border-bottom: 1px solid ${theme.color.line}; }
  th button { font: inherit; font-weight: 700; background: none; border: 0; padding: 0; color: ${theme.color.brand}; cursor: pointer; }
`

/** A second line in a table's cell: who and when under what (a wave's start). It breaks anywhere, an address too, so
 * that a wide table's last columns (a wave's Erased and Send again) stay in view at 1280 px. */
export const Detail = styled.span`
  display: block;
  font-size: 0.85rem;
  color: ${theme.color.inkMuted};
  overflow-wrap: anywhere;
`

export const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: end;
  margin: 0.75rem 0;
`

/** A pager: its buttons, where the list is, and a "go to page" form, on one line where they fit. */
export const Pager = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 0.75rem;
  align-items: center;
  margin: 0.75rem 0;
  form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; }
  input { font: inherit; width: 7rem; padding: 0.45rem 0.6rem; border: 1px solid ${theme.color.inkMuted}; border-radius: 0.4rem; }
`

/** A group of radios or checkboxes under its legend, one choice a line (an API key's scopes, a send's when). */
export const Choices = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 1rem;
  legend { font-weight: 600; margin-bottom: 0.4rem; }
  label { display: flex; gap: 0.5rem; align-items: center; margin: 0.3rem 0; }
`
