// @vitest-environment node
// The sign-in machine given the session at the start (src/admin/main.tsx, when the early script's answer is in
// before the console's script runs): it starts signed in, as that member, and asks the server nothing.
import { createActor, fromPromise, waitFor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import type { SessionReply } from '../../shared/console-api'
import { rolePermissions } from '../../shared/team'

const viewer: SessionReply = { email: 'viewer@company.example', role: 'viewer', permissions: [...rolePermissions.viewer] }

function started(input: { token: string | null; session?: SessionReply }) {
  const asked: string[] = []
  const machine = adminSignInMachine.provide({
    actors: {
      checkSession: fromPromise<SessionReply | null>(async () => {
        asked.push('checkSession')
        return null
      }),
      verifyToken: fromPromise<SessionReply, { token: string }>(async () => {
        asked.push('verifyToken')
        return viewer
      }),
    },
  })
  const actor = createActor(machine, { input }).start()
  return { actor, asked }
}

describe('the sign-in machine given a session', () => {
  it('starts signed in as the session says, and asks for no session', async () => {
    const { actor, asked } = started({ token: null, session: viewer })
    await Promise.resolve()
    const snapshot = actor.getSnapshot()
    expect(snapshot.value).toBe('signedIn')
    expect(snapshot.context).toMatchObject({ signedInAs: viewer.email, role: 'viewer', permissions: viewer.permissions, message: '' })
    expect(asked).toEqual([])
  })

  it('leaves a sign-in link in the address unused, as a session found by asking does', () => {
    const { actor, asked } = started({ token: 'a-link-token', session: viewer })
    expect(actor.getSnapshot().value).toBe('signedIn')
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(asked).toEqual([])
  })

  it('without one, asks the server first, as before', async () => {
    const { actor, asked } = started({ token: null })
    expect(actor.getSnapshot().value).toBe('checking')
    await waitFor(actor, (snapshot) => snapshot.matches('signedOut'))
    expect(asked).toEqual(['checkSession'])
  })
})
