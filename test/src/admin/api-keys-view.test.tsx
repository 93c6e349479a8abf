// The console's API keys (issue 33) as the team uses them: Make key waits for a name and a scope, the key made is
// shown once and focused until "I have copied it", the list shows each key by name, scopes and prefix, Revoke asks
// first and then says the key is revoked, and a list that cannot be loaded can be tried again.
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminApiKeysMachine, adminApiKeysMessages } from '../../../machines/admin-api-keys-machine'
import type { ApiKeyRow, MakeApiKey } from '../../../shared/api-keys'
import { ApiKeysView, apiKeysViewEffects } from '../../../src/admin/api-keys-view'
import { copyMessages } from '../../../machines/copy-machine'

const secret = `wlk_${'Q'.repeat(43)}`

function start({ failures = 0 } = {}) {
  const keys: ApiKeyRow[] = []
  const made: MakeApiKey[] = []
  const revoked: number[] = []
  let failing = failures
  const apiKeys = createActor(
    adminApiKeysMachine.provide({
      actors: {
        fetchKeys: fromPromise(async () => {
          if (failing-- > 0) throw new Error('HTTP 502')
          return [...keys]
        }),
        makeKey: fromPromise(async ({ input }) => {
          made.push(input)
          const key = { id: keys.length + 1, ...input, prefix: secret.slice(0, 12), createdBy: 'team@company.example', createdAt: '2026-11-27T15:00:00.000Z', lastUsedAt: null, revokedAt: null }
          keys.unshift(key)
          return { key, secret }
        }),
        revokeKey: fromPromise(async ({ input }) => {
          revoked.push(input.id)
          keys.splice(0, keys.length, ...keys.map((key) => (key.id === input.id ? { ...key, revokedAt: '2026-11-27T15:05:00.000Z' } : key)))
        }),
      },
      actions: apiKeysViewEffects,
    }),
  ).start()
  render(<ApiKeysView apiKeys={apiKeys} />)
  return { apiKeys, made, revoked, user: userEvent.setup() }
}

it('makes a key once it has a name and a scope, shows it once, then lists it by name, scopes and prefix', async () => {
  const { made, user } = start()
  await screen.findByText('No key has been made yet.')
  const make = screen.getByRole('button', { name: 'Make key' })
  expect(make).toBeDisabled()
  await user.type(screen.getByLabelText('Name (what will use it)'), '  App backend ')
  expect(make).toBeDisabled()
  await user.click(screen.getByRole('checkbox', { name: /^activations:write/ }))
  expect(make).toBeEnabled()
  await user.click(make)
  const shown = await screen.findByRole('region', { name: 'The key “App backend”: copy it now' })
  expect(made).toEqual([{ name: 'App backend', scopes: ['activations:write'] }])
  expect(within(shown).getByText(secret)).toBeInTheDocument()
  await waitFor(() => expect(within(shown).getByRole('heading')).toHaveFocus())
  // The form is ready for the next key.
  expect(screen.getByLabelText('Name (what will use it)')).toHaveValue('')
  const row = await screen.findByRole('row', { name: /App backend/ })
  expect(row).toHaveTextContent('activations:write')
  expect(row).toHaveTextContent(`${secret.slice(0, 12)}…`)
  // Made and last used, the console's one way (issue 47).
  expect(row).toHaveTextContent('2026-11-27 15:00 UTC by team@company.example')
  await user.click(within(shown).getByRole('button', { name: 'I have copied it' }))
  expect(screen.queryByText(secret)).not.toBeInTheDocument()
})

it('copies the key made with one press, and says so in a live region', async () => {
  const { user } = start()
  await user.type(await screen.findByLabelText('Name (what will use it)'), 'App backend')
  await user.click(screen.getByRole('checkbox', { name: /^activations:write/ }))
  await user.click(screen.getByRole('button', { name: 'Make key' }))
  const shown = await screen.findByRole('region', { name: 'The key “App backend”: copy it now' })
  await user.click(within(shown).getByRole('button', { name: 'Copy the API key' }))
  expect(await within(shown).findByText(copyMessages.copied)).toHaveAttribute('role', 'status')
  expect(await navigator.clipboard.readText()).toBe(secret)
})

it('revokes a key only after the question, and says so', async () => {
  const { revoked, user } = start()
  await user.type(await screen.findByLabelText('Name (what will use it)'), 'Old server')
  await user.click(screen.getByRole('checkbox', { name: /^people:read/ }))
  await user.click(screen.getByRole('button', { name: 'Make key' }))
  await user.click(await screen.findByRole('button', { name: 'Revoke key Old server' }))
  // The keyboard goes to the question: the Revoke pressed is disabled while it is asked.
  const question = screen.getByRole('alertdialog')
  expect(question).toHaveFocus()
  await user.click(within(question).getByRole('button', { name: 'Keep it' }))
  expect(revoked).toEqual([])
  // Kept, the keyboard is back on the Revoke that asked.
  expect(screen.getByRole('button', { name: 'Revoke key Old server' })).toHaveFocus()
  await user.click(screen.getByRole('button', { name: 'Revoke key Old server' }))
  await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Revoke “Old server”' }))
  // The view's own live region (the key still on screen has its Copy button's too), with the keyboard on it: the
  // Revoke pressed is gone.
  const said = screen.getAllByRole('status')[0]!
  await waitFor(() => expect(said).toHaveTextContent(adminApiKeysMessages.revoked('Old server')))
  expect(revoked).toEqual([1])
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke key Old server' })).not.toBeInTheDocument())
  await waitFor(() => expect(said.parentElement).toHaveFocus())
})

it('says when the keys cannot be loaded, and tries again', async () => {
  const { apiKeys, user } = start({ failures: 1 })
  await screen.findByText('The keys could not be loaded.')
  await user.click(screen.getByRole('button', { name: 'Try again' }))
  await screen.findByText('No key has been made yet.')
  act(() => apiKeys.send({ type: 'RELOAD' }))
  await screen.findByText('No key has been made yet.')
})
