// The sign-in machine's actor, for the route tree's root (which shows the sign-in screen or the shell) and the
// gates of the areas (which read the member's role).
import { createContext, useContext } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { adminSignInMachine } from '../../machines/admin-sign-in-machine'

export type SignInRef = ActorRefFrom<typeof adminSignInMachine>

export const SignInContext = createContext<SignInRef | null>(null)

export function useSignIn(): SignInRef {
  const signIn = useContext(SignInContext)
  if (!signIn) throw new Error('The console’s routes render inside ConsoleApp, which provides the sign-in.')
  return signIn
}
