import type { Plugin } from 'vite'

// React DOM creates five sentinel errors when its module is evaluated (SuspenseException and its kin: values
// React throws to unwind a render and recognises by identity, never shown to anyone). In Chromium, creating an
// Error while the inspector is attached (Lighthouse, Playwright, DevTools) captures a stack trace with line and
// column numbers, and V8 must then re-parse every function on the stack to find them: here React DOM's whole
// 190 KB module wrapper and the chunk around it. That re-parse was most of React DOM's evaluation: about 40 ms
// of a 60 ms task on Lighthouse's 4× slower CPU. The sentinels made here are the same kind of object
// (instanceof Error, same message, same identity everywhere React compares them) without a captured stack,
// which was only ever the stack of the module's evaluation. Measured with `npm run bench:long-tasks`.
const sentinelCodes = [519, 460, 474, 542, 461]
const reactDomClient = /[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/

export function stacklessReactSentinels(): Plugin {
  return {
    name: 'stackless-react-sentinels',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!reactDomClient.test(id)) return null
      let patched = code
      for (const errorCode of sentinelCodes) {
        const created = `Error(formatProdErrorMessage(${errorCode}))`
        // Exactly once each, or React DOM changed and this must be looked at again (the build fails).
        if (patched.split(created).length !== 2) throw new Error(`stackless-react-sentinels: expected one ${created} in ${id}`)
        patched = patched.replace(created, `Object.assign(Object.create(Error.prototype), { message: formatProdErrorMessage(${errorCode}) })`)
      }
      return { code: patched, map: null }
    },
  }
}
