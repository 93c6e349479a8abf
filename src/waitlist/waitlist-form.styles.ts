import styled from 'styled-components'
import { theme } from '../ui/theme'

// Looks of the waitlist form. The status colours are the theme's success and error tokens (AA on white
// and on the tinted section); a neutral status uses body ink.

export const Form = styled.form`
  display: grid;
  gap: 1rem;
`

export const Field = styled.div`
  display: grid;
  gap: 0.35rem;
  label { font-weight: 600; }
  /* Labels sit above full-width inputs at every width. */
  input { width: 100%; }
`

export const Optional = styled.span`
  font-weight: 400;
  color: ${theme.color.inkMuted};
`

export const Input = styled.input`
  min-height: 44px;
  padding: 0.6rem 0.85rem;
  font: inherit;
  color: ${theme.color.ink};
  background: ${theme.color.surface};
  border: 2px solid ${theme.color.inputBorder};
  border-radius: 0.5rem;
  &:focus-visible { outline: 3px solid ${theme.color.focus}; outline-offset: 2px; }
  &[aria-invalid='true'] { border-color: ${theme.color.error}; }
`

/** Off screen and out of the tab order: only bots fill it in. */
export const Honeypot = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`

export type StatusTone = 'neutral' | 'success' | 'error'

const toneColor: Record<StatusTone, string> = {
  neutral: theme.color.ink,
  success: theme.color.success,
  error: theme.color.error,
}

export const Status = styled.p<{ $tone: StatusTone }>`
  margin: 0;
  min-height: 1.6em;
  font-weight: 600;
  color: ${({ $tone }) => toneColor[$tone]};
`

export const PrivacyNote = styled.p`
  margin: 0.75rem 0 0;
  font-size: 0.9rem;
  color: ${theme.color.inkMuted};
`

/** The line after a successful signup asking to check the inbox; takes no room until it has words. */
export const InboxNote = styled.p`
  margin: 0;
  &:not(:empty) { margin-top: 0.75rem; }
`
