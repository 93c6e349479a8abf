// The console: the sign-in machine says whether the member is signed in; the router (console-router.tsx) shows the
// sign-in screen or the area the address names. A used sign-in link leaves the address for the page the member was
// signing in from (return-path.ts), or the Overview.
import { RouterProvider } from '@tanstack/react-router'
import { useActorRef } from '@xstate/react'
import { useEffect, useState } from 'react'
import { fromPromise } from 'xstate'
import { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { GlobalStyle } from '../ui/global-style'
import * as api from './admin-api-client'
import type { Permission } from '../../shared/team'
import type { SessionReply } from '../../shared/console-api'
import { opens } from './area-list'
import { consoleBasepath, firstViewStyleMark } from '../../shared/console-pages'
import { createConsoleRouter, type ConsoleRouter } from './console-router'
import { keepReturnPath, takeReturnPath } from './return-path'
import { SignInContext } from './sign-in-context'

const signInMachineFor = (router: ConsoleRouter) =>
  adminSignInMachine.provide({
    actors: {
      checkSession: fromPromise(() => api.checkSession()),
      requestLink: fromPromise(({ input }) => {
        keepReturnPath(window.location.pathname + window.location.search)
        return api.requestLink(input.email)
      }),
      verifyToken: fromPromise(({ input }) => api.verifyToken(input.token)),
      signOut: fromPromise(() => api.signOut()),
    },
    actions: {
      forgetLinkInAddress: () => router.history.replace(takeReturnPath() ?? `${consoleBasepath}/`),
    },
  })

/** The console's router, with the permissions it opens areas by (the session's, none before sign-in), and the
 * session the page already knew, if it did. */
export type PreparedConsole = { router: ConsoleRouter; session: { permissions: readonly Permission[] }; known?: SessionReply }

/** The router for a session known or not; main.tsx loads it before the first render when the session is known, so
 * that React's first frame is the area itself, not an empty one the router fills a moment later. */
export function prepareConsole(known?: SessionReply): PreparedConsole {
  const session = { permissions: (known?.permissions ?? []) as readonly Permission[] }
  return { router: createConsoleRouter({ opens: (area) => opens(area, session.permissions) }), session, known }
}

/** The console, as `prepared` (main.tsx): with the session the page already knows, it opens signed in with nothing
 * asked; without it, it asks. */
export function ConsoleApp({ prepared }: { prepared?: PreparedConsole } = {}) {
  const [{ router, machine, session, known }] = useState(() => {
    const { router, session, known } = prepared ?? prepareConsole()
    return { router, machine: signInMachineFor(router), session, known }
  })
  const signIn = useActorRef(machine, { input: { token: api.tokenInAddress(window.location.hash), session: known } })
  useEffect(() => api.whenSessionLost(() => signIn.send({ type: 'SESSION_LOST' })), [signIn])
  // React has drawn over the first view the server drew (first-view-server.tsx): its styles are no one's now.
  useEffect(() => document.querySelectorAll(`style[${firstViewStyleMark}]`).forEach((style) => style.remove()), [])
  // A sign-in (or sign-out) changes which areas open: the router loads the current one again.
  useEffect(() => {
    const subscription = signIn.subscribe(({ context }) => {
      if (context.permissions === session.permissions) return
      session.permissions = context.permissions
      void router.invalidate()
    })
    return () => subscription.unsubscribe()
  }, [signIn, router, session])
  return (
    <SignInContext.Provider value={signIn}>
      <GlobalStyle />
      <RouterProvider router={router} />
    </SignInContext.Provider>
  )
}
