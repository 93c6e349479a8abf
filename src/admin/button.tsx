// The console's button. A press that sends a request disables its button until the answer (the machine says so), and
// Chromium moves the keyboard's focus off a disabled button to the page's body at its next frame: a keyboard or
// screen-reader user who turned a webhook off, or sent a test, was left at the top of the page. So a button that had
// the focus as it was disabled takes it back once it works again, where the focus is still on the body: never away
// from where the member, or the view itself (a question, a heading it announces), has put it since.
import { useCallback, useLayoutEffect, useRef, type ComponentProps } from 'react'
import { ButtonLook } from './admin-styles'

export function Button({ ref, ...props }: ComponentProps<typeof ButtonLook>) {
  const own = useRef<HTMLButtonElement | null>(null)
  const lost = useRef(false)
  const { disabled } = props
  useLayoutEffect(() => {
    const button = own.current
    if (disabled) {
      // Chromium still has the focus on it here, in the commit that disabled it.
      if (button !== null && document.activeElement === button) lost.current = true
      return
    }
    if (!lost.current) return
    lost.current = false
    if (document.activeElement === null || document.activeElement === document.body) button?.focus()
  }, [disabled])
  const refs = useCallback(
    (node: HTMLButtonElement | null) => {
      own.current = node
      if (typeof ref === 'function') ref(node)
      else if (ref && typeof ref === 'object') ref.current = node
    },
    [ref],
  )
  return <ButtonLook {...props} ref={refs} />
}
