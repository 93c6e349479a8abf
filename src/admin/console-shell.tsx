// The signed-in console around its areas: who is signed in, with their role, and sign-out; the navigation; and the
// area the address names, in the main region. Only that area is mounted, so it alone asks the server for its data;
// inside it, buttons the role may not press are hidden (permissions.tsx), and the server refuses the rest all the
// same, in words the area shows where the action was.
import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import type { adminSignInMachine } from '../../machines/admin-sign-in-machine'
import { Bar, Status } from './admin-styles'
import { Button } from './button'
import { ConsoleNav, wideScreen } from './console-nav'
import { PermissionsProvider } from './permissions'

// break-word: an address, a URL or a key's name longer than a phone is wide breaks rather than widening the page, and
// a table's columns keep their widths (it does not change what a word needs, as anywhere would). A part's heading
// (h3) stands apart from what ends the part before it (a row of buttons, a pager), not under its section's own.
const Layout = styled.div`
  overflow-wrap: break-word;
  max-width: 100rem;
  margin: 0 auto;
  padding: 1rem 1rem 4rem;
  h1 { font-size: clamp(1.4rem, 3vw, 1.8rem); margin: 0; }
  h2 { font-size: 1.35rem; margin-top: 1.5rem; }
  :not(h2) + h3 { margin-top: 1.5rem; }
`
// minmax(0, 1fr): an area's wide table scrolls in its own box and never widens the page.
const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  ${wideScreen} { grid-template-columns: 12rem minmax(0, 1fr); gap: 2rem; }
  main { min-width: 0; }
`

export function ConsoleShell({ signIn, children }: { signIn: ActorRefFrom<typeof adminSignInMachine>; children: ReactNode }) {
  const { signedInAs, role, permissions, message } = useSelector(signIn, (state) => state.context)
  const signingOut = useSelector(signIn, (state) => state.hasTag('busy'))
  return (
    <PermissionsProvider permissions={permissions}>
      <Layout>
        <Bar>
          <h1>Waitlist console</h1>
          <p>
            Signed in as <strong>{signedInAs}</strong>, <span>role: <strong>{role}</strong></span>{' '}
            <Button type="button" $tone="plain" disabled={signingOut} onClick={() => signIn.send({ type: 'SIGN_OUT' })}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          </p>
        </Bar>
        <Columns>
          <ConsoleNav permissions={permissions} />
          <main>
            {message && <Status role="alert" $tone="error">{message}</Status>}
            {children}
          </main>
        </Columns>
      </Layout>
    </PermissionsProvider>
  )
}
