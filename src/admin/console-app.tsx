// The console: the sign-in machine decides whether the sign-in screen or the dashboard is shown.
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect } from 'react'
import { fromPromise } from 'xstate'
import { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { GlobalStyle } from '../ui/global-style'
import * as api from './admin-api-client'
import { Dashboard } from './dashboard'
import { SignInScreen } from './sign-in-screen'

export const signInMachineForBrowser = adminSignInMachine.provide({
  actors: {
    checkSession: fromPromise(() => api.checkSession()),
    requestLink: fromPromise(({ input }) => api.requestLink(input.email)),
    verifyToken: fromPromise(({ input }) => api.verifyToken(input.token)),
    signOut: fromPromise(() => api.signOut()),
  },
  actions: {
    forgetLinkInAddress: () => window.history.replaceState(null, '', '/admin/'),
  },
})

export function ConsoleApp() {
  const signIn = useActorRef(signInMachineForBrowser, { input: { token: api.tokenInAddress(window.location.hash) } })
  const signedIn = useSelector(signIn, (state) => state.matches('signedIn') || state.matches('signingOut'))
  useEffect(() => api.whenSessionLost(() => signIn.send({ type: 'SESSION_LOST' })), [signIn])
  return (
    <>
      <GlobalStyle />
      {signedIn ? <Dashboard signIn={signIn} /> : <SignInScreen signIn={signIn} />}
    </>
  )
}
