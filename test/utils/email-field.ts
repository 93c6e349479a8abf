// How a request form's email field shows an error, the same in every form that has one (the waitlist form,
// the erasure request form): the status says the message, and the field is marked invalid and described by it.
import { expect } from 'vitest'

/** The parts of a rendered form these look at. */
export interface EmailFieldUi {
  email: () => HTMLElement
  status: () => HTMLElement
}

/** The email field shows no error: not marked invalid, described by nothing. */
export function expectNoError(ui: EmailFieldUi) {
  expect(ui.email()).toHaveAttribute('aria-invalid', 'false')
  expect(ui.email()).not.toHaveAttribute('aria-describedby')
}

/** The status says `message` word for word, and the email field is marked invalid and described by it. */
export function expectError(ui: EmailFieldUi, message: string) {
  expect(ui.status()).toHaveTextContent(message, { normalizeWhitespace: false })
  expect(ui.email()).toHaveAttribute('aria-invalid', 'true')
  expect(ui.email()).toHaveAccessibleDescription(message)
}
