// The check of MAIL_FROM's domain on the Overview (issue 49): a button that looks SPF, DKIM and DMARC up in DNS through
// the server, and each record found, or missing with the record to add. Idle, checking, checked and failed are the
// machine's states (machines/admin-mail-domain-machine.ts).
import { useSelector } from '@xstate/react'
import styled from 'styled-components'
import type { ActorRefFrom } from 'xstate'
import type { adminMailDomainMachine } from '../../machines/admin-mail-domain-machine'
import { Status } from './admin-styles'
import { Button } from './button'
import { CopyButton } from './copy-button'

/** A record to add, whole and wrapped at any character: a TXT value has no spaces to break at on a phone. */
const RecordToAdd = styled.code`
  display: block;
  overflow-wrap: anywhere;
  margin: 0.3rem 0;
`

export function MailDomainCheck({ check }: { check: ActorRefFrom<typeof adminMailDomainMachine> }) {
  const state = useSelector(check, (snapshot) => snapshot)
  const { reply, error } = state.context
  return (
    <section aria-labelledby="mail-domain-heading" aria-busy={state.hasTag('busy')}>
      <h3 id="mail-domain-heading">The sender’s domain</h3>
      <p>Gmail and Yahoo ask bulk senders for SPF, DKIM and DMARC on the domain of MAIL_FROM. The check looks them up in DNS now.</p>
      <Button type="button" aria-disabled={!state.can({ type: 'CHECK' })} onClick={() => check.send({ type: 'CHECK' })}>
        {state.matches('checking') ? 'Checking…' : state.matches('idle') ? 'Check the domain' : 'Check again'}
      </Button>
      {error && <Status role="alert" $tone="error">{error}</Status>}
      {reply && (
        <>
          <Status role="status">{reply.domain}: {reply.checks.filter((item) => item.ok).length} of {reply.checks.length} records in place.</Status>
          <ul aria-label={`The records of ${reply.domain}`}>
            {reply.checks.map((item) => (
              <li key={item.record}>
                <strong>{item.record}: {item.ok ? 'in place' : 'to do'}.</strong> {item.says}
                {item.add && (
                  <>
                    {' '}Add:
                    <RecordToAdd>{item.add}</RecordToAdd>
                    <CopyButton text={item.add} label={`Copy the ${item.record} record`} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
