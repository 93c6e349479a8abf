// @vitest-environment node
import { createActor } from 'xstate'
import { menuMachine } from '../../machines/menu-machine'

function startMenu() {
  const focusToggleButton = vi.fn()
  const showMenu = vi.fn()
  const hideMenu = vi.fn()
  const actor = createActor(menuMachine.provide({ actions: { focusToggleButton, showMenu, hideMenu } })).start()
  return { actor, focusToggleButton, showMenu, hideMenu, state: () => actor.getSnapshot() }
}

describe('menu machine', () => {
  it('opens and closes with TOGGLE', () => {
    const { actor, state } = startMenu()
    expect(state().value).toBe('closed')
    actor.send({ type: 'TOGGLE' })
    expect(state().value).toBe('open')
    expect(state().hasTag('expanded')).toBe(true)
    actor.send({ type: 'TOGGLE' })
    expect(state().value).toBe('closed')
    expect(state().hasTag('expanded')).toBe(false)
  })

  it('closes on Escape and hands focus back to the toggle button', () => {
    const { actor, state, focusToggleButton } = startMenu()
    actor.send({ type: 'TOGGLE' })
    actor.send({ type: 'ESCAPE' })
    expect(state().value).toBe('closed')
    expect(focusToggleButton).toHaveBeenCalledTimes(1)
  })

  it('ignores Escape while closed, so Escape elsewhere on the page does not steal focus', () => {
    const { actor, focusToggleButton } = startMenu()
    actor.send({ type: 'ESCAPE' })
    expect(focusToggleButton).not.toHaveBeenCalled()
  })

  it('closes on navigation without moving focus', () => {
    const { actor, state, focusToggleButton } = startMenu()
    actor.send({ type: 'TOGGLE' })
    actor.send({ type: 'NAVIGATED' })
    expect(state().value).toBe('closed')
    expect(focusToggleButton).not.toHaveBeenCalled()
  })

  it('shows the menu as it opens and hides it as it closes, whatever closed it', () => {
    const { actor, showMenu, hideMenu } = startMenu()
    expect(showMenu).not.toHaveBeenCalled()
    for (const close of ['TOGGLE', 'ESCAPE', 'NAVIGATED', 'DISMISSED'] as const) {
      actor.send({ type: 'TOGGLE' })
      actor.send({ type: close })
    }
    expect(showMenu).toHaveBeenCalledTimes(4)
    expect(hideMenu).toHaveBeenCalledTimes(4)
  })

  it('follows a menu the visitor opened before the app (SHOWN), and one the browser closed itself (DISMISSED)', () => {
    const { actor, state, focusToggleButton } = startMenu()
    actor.send({ type: 'SHOWN' })
    expect(state().hasTag('expanded')).toBe(true)
    actor.send({ type: 'DISMISSED' })
    expect(state().value).toBe('closed')
    expect(focusToggleButton).not.toHaveBeenCalled()
    // While closed, the browser's own closing changes nothing.
    actor.send({ type: 'DISMISSED' })
    expect(state().value).toBe('closed')
  })
})
