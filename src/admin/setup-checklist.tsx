// The setup checklist on the Overview (issue 47): each item done, or the server's sentence that says what to set and
// where (shared/setup.ts). Done or not is said in words and a mark, never by colour alone. The invitation link, the
// one setting the console may change, has its form beside its item for a member who may change settings.
import styled from 'styled-components'
import type { SetupReply } from '../../shared/setup'
import { theme } from '../ui/theme'
import { InviteUrlForm } from './invite-url-form'
import { useAllows } from './permissions'

const Items = styled.ul`
  list-style: none;
  padding: 0;
  li { border-bottom: 1px solid ${theme.color.line}; padding: 0.6rem 0; }
  li > p { margin: 0.2rem 0 0; color: ${theme.color.inkMuted}; }
`
const Mark = styled.strong<{ $done: boolean }>`
  color: ${({ $done }) => ($done ? theme.color.brand : theme.color.error)};
`

export function SetupChecklist({ setup, onSaved }: { setup: SetupReply | null; onSaved: () => void }) {
  const mayChange = useAllows('settings:manage')
  if (!setup) return <p>The setup checklist could not be read.</p>
  const left = setup.items.filter((item) => !item.done).length
  return (
    <>
      <p>{left === 0 ? 'Everything is set up.' : `${left} of ${setup.items.length} still to do.`}</p>
      <Items>
        {setup.items.map((item) => (
          <li key={item.name}>
            <Mark $done={item.done}>{item.done ? '✓ Done: ' : '✗ To do: '}</Mark>
            {item.label}
            <p>{item.says}</p>
            {item.name === 'INVITE_URL' && mayChange && <InviteUrlForm setting={setup.inviteUrl} onSaved={onSaved} />}
          </li>
        ))}
      </Items>
    </>
  )
}
