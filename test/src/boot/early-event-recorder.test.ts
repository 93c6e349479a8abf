// The early-event recorder (src/boot/early-event-recorder.ts), as its module and as the inline script the build
// compiles from it (scripts/inline-scripts.ts), run as the browser runs it, on a page of a form, a button and
// the skip link: what it keeps before the app is in control, what it gives back to the browser once the app is
// 10 s late, and that nothing happens twice.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { compileInlineScripts } from '../../../scripts/inline-scripts'
import { appLateAfterMs, recordEarlyEvents } from '../../../src/boot/early-event-recorder'

let compiledRecorder: string
beforeAll(async () => {
  compiledRecorder = (await compileInlineScripts()).recorder
}, 90_000)

let form: HTMLFormElement
let menu: HTMLButtonElement
let skip: HTMLAnchorElement
let posted: ReturnType<typeof vi.fn<() => void>>

/** Dispatches a click or submit as the browser would, and says whether its default went ahead. */
function act(target: HTMLElement, type: 'click' | 'submit'): boolean {
  const event = type === 'click' ? new MouseEvent('click', { bubbles: true, cancelable: true }) : new Event('submit', { bubbles: true, cancelable: true })
  return target.dispatchEvent(event)
}
const take = () => window.__earlyEvents!.take().map(({ type, el }) => `${type} ${el.id}`)

describe.each([
  ['module', () => void (window.__earlyEvents = recordEarlyEvents())],
  ['inline script', () => window.eval(compiledRecorder)],
])('the early-event recorder (%s)', (_, startRecorder) => {
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = `<a id="skip" href="#main" data-replay="true">Skip to content</a>
      <button id="menu" type="button">Menu</button>
      <button id="off" type="button" disabled>Off</button>
      <button id="site-menu-toggle" type="button" popovertarget="site-menu">Menu</button><ul id="site-menu" popover="auto"></ul>
      <form id="join" method="post" action="/api/waitlist"><input name="email"><button id="join-button" type="submit">Join</button></form>`
    form = document.querySelector('form')!
    menu = document.querySelector('#menu')!
    skip = document.querySelector('#skip')!
    posted = vi.fn<() => void>()
    form.submit = posted // the browser's own post (jsdom has none)
    startRecorder()
  })
  afterEach(() => {
    // Each test ends with the queue taken, so this recorder's listeners stand aside for the next one's.
    window.__earlyEvents?.take()
    vi.useRealTimers()
    delete window.__earlyEvents
  })

  it("lets a popover's button do what HTML does, keeps nothing of it, and keeps it from the app's own listener", () => {
    const heardByApp = vi.fn()
    document.body.addEventListener('click', heardByApp) // where React listens, once it hydrates
    const toggle = document.querySelector<HTMLButtonElement>('#site-menu-toggle')!
    expect(act(toggle, 'click')).toBe(true) // the browser toggles the popover
    expect(act(toggle.appendChild(document.createElement('span')), 'click')).toBe(true) // its glyph too
    expect(heardByApp).not.toHaveBeenCalled()
    expect(take()).toEqual([])
  })

  it('keeps each tap and submission once, stops their defaults, and hands them to the app once', () => {
    expect(act(form, 'submit')).toBe(false)
    expect(act(form, 'submit')).toBe(false)
    expect(act(menu, 'click')).toBe(false)
    expect(act(skip, 'click')).toBe(false)
    expect(take()).toEqual(['submit join', 'click menu', 'click skip'])
    // The app is in control: events are its own now, and the time-out does nothing.
    expect(act(form, 'submit')).toBe(true)
    vi.advanceTimersByTime(appLateAfterMs)
    expect(posted).not.toHaveBeenCalled()
    expect(take()).toEqual([])
  })

  it("keeps a submit button's tap as its form's submission, and leaves alone disabled buttons, plain links and text", () => {
    document.body.insertAdjacentHTML('beforeend', '<a id="home" href="/">Home</a><p id="text">Words</p>')
    expect(act(document.querySelector('#join-button')!, 'click')).toBe(true) // the click goes on to submit the form
    expect(act(document.querySelector('#off')!, 'click')).toBe(true)
    expect(act(document.querySelector('#home')!, 'click')).toBe(true)
    expect(act(document.querySelector('#text')!, 'click')).toBe(true)
    expect(take()).toEqual(['submit join'])
  })

  it('posts a kept submission after 10 s without the app, once, and does not hand it to an app that comes later', () => {
    act(form, 'submit')
    act(form, 'submit')
    act(menu, 'click')
    vi.advanceTimersByTime(appLateAfterMs - 1)
    expect(posted).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(posted).toHaveBeenCalledTimes(1)
    expect(take()).toEqual(['click menu'])
  })

  it('after 10 s, lets the browser post and follow the skip link itself, and still keeps taps on buttons', () => {
    act(skip, 'click')
    const followed: boolean[] = []
    const watch = (event: Event) => event.target === skip && followed.push(!event.defaultPrevented)
    document.addEventListener('click', watch)
    vi.advanceTimersByTime(appLateAfterMs)
    document.removeEventListener('click', watch)
    expect(followed).toEqual([true]) // the kept skip link, clicked again for the browser to follow
    expect(act(form, 'submit')).toBe(true)
    expect(act(skip, 'click')).toBe(true)
    expect(act(menu, 'click')).toBe(false)
    expect(posted).not.toHaveBeenCalled()
    expect(take()).toEqual(['click menu'])
  })
})
