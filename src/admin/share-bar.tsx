// A bar beside a number in a table (issue 47): its length is the row's share of the largest, drawn in CSS, and
// hidden from screen readers, since the number beside it is the figure. Never colour alone: the number is text.
import styled from 'styled-components'
import { theme } from '../ui/theme'

const Track = styled.span`
  display: inline-block;
  vertical-align: middle;
  width: 6rem;
  max-width: 30vw;
  height: 0.6rem;
  margin-left: 0.5rem;
  border: 1px solid ${theme.color.inkMuted};
  border-radius: 0.2rem;
  span { display: block; height: 100%; background: ${theme.color.brand}; }
`

/** The share `value / max` as a bar, at least a hairline for any value above zero. */
export function ShareBar({ value, max }: { value: number; max: number }) {
  const share = max > 0 && value > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0
  return (
    <Track aria-hidden="true" data-share={share}>
      <span style={{ width: `${share}%` }} />
    </Track>
  )
}
