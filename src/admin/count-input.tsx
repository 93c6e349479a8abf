// A field for a whole number of things (people, a page, emails a second): the browser's number input from 1, with
// the numeric keyboard on phones. It gives back the text as typed; the form decides what a good number is.
import type { InputHTMLAttributes } from 'react'

type CountInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'min' | 'onChange'> & {
  /** The field's text after each change. */
  onText: (text: string) => void
}

export function CountInput({ onText, ...props }: CountInputProps) {
  return <input type="number" inputMode="numeric" min={1} {...props} onChange={(event) => onText(event.target.value)} />
}
