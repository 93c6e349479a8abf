// Referrals (issue 21): the ones held for looking like a farm, each with Approve and Reject, a page at a time
// (issue 35), and the top referrers. Loading, reviewing and failed are the referrals machine's states.
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { adminReferralsMachine } from '../../machines/admin-referrals-machine'
import type { ReferralVerdict } from '../../shared/console-api'
import type { HeldReferral } from '../../shared/console-rows'
import { counted, figure } from '../../shared/figures'
import { Row, Status } from './admin-styles'
import { Button } from './button'
import { ListTable, TitledListTable } from './list-table'
import { StepPager } from './step-pager'
import { useAllows } from './permissions'
import { consoleTime } from './console-time'

const person = (firstName: string | null, email: string | null) => (email === null ? 'erased' : `${firstName} (${email})`)

export function ReferralsView({ referrals }: { referrals: ActorRefFrom<typeof adminReferralsMachine> }) {
  const mayReview = useAllows('referrals:review')
  const state = useSelector(referrals, (snapshot) => snapshot)
  const { referrals: data, message } = state.context
  const busy = state.hasTag('busy')
  const review = (referral: HeldReferral, verdict: ReferralVerdict) =>
    referrals.send({ type: 'REVIEW', friendId: referral.friendId, firstName: referral.friendFirstName, verdict })
  return (
    <section aria-labelledby="referrals-heading" aria-busy={busy}>
      <h2 id="referrals-heading">Referrals</h2>
      <Status role="status" aria-live="polite">{message}</Status>
      {state.matches('failed') && (
        <>
          <Status role="alert" $tone="error">The referrals could not be loaded.</Status>
          <Button type="button" onClick={() => referrals.send({ type: 'RELOAD' })}>Try again</Button>
        </>
      )}
      {!data ? (
        !state.matches('failed') && <p>Loading the referrals…</p>
      ) : (
        <>
          <h3 id="held-heading">Held for review</h3>
          {data.held.length === 0 ? (
            <p>No referrals are waiting for review.</p>
          ) : (
            <p>{counted(data.heldTotal, 'referral is', 'referrals are')} waiting for review, oldest first.</p>
          )}
          {data.held.length > 0 && (
            <ListTable labelledBy="held-heading" columns={['Friend', 'Came through the link of', 'Held since']} actions>
              {data.held.map((referral) => (
                <tr key={referral.friendId}>
                  <td>{person(referral.friendFirstName, referral.friendEmail)}</td>
                  <td>{person(referral.referrerFirstName, referral.referrerEmail)}</td>
                  <td>{consoleTime(referral.decidedAt)}</td>
                  <td>
                    {mayReview && <Row>
                      <Button
                        type="button"
                        disabled={!state.can({ type: 'REVIEW', friendId: referral.friendId, firstName: referral.friendFirstName, verdict: 'APPROVE' })}
                        aria-label={`Approve referral of ${referral.friendFirstName} (${referral.friendEmail})`}
                        onClick={() => review(referral, 'APPROVE')}
                      >
                        Approve
                      </Button>
                      <Button
                        type="button"
                        $tone="plain"
                        disabled={!state.can({ type: 'REVIEW', friendId: referral.friendId, firstName: referral.friendFirstName, verdict: 'REJECT' })}
                        aria-label={`Reject referral of ${referral.friendFirstName} (${referral.friendEmail})`}
                        onClick={() => review(referral, 'REJECT')}
                      >
                        Reject
                      </Button>
                    </Row>}
                  </td>
                </tr>
              ))}
            </ListTable>
          )}
          {(data.heldAfter !== null || state.context.heldTrail.length > 0) && (
            <StepPager
              label="Pages of held referrals"
              steps={[
                { label: 'Previous held referrals', enabled: state.can({ type: 'PREVIOUS_HELD' }), go: () => referrals.send({ type: 'PREVIOUS_HELD' }) },
                { label: 'Next held referrals', enabled: state.can({ type: 'NEXT_HELD' }), go: () => referrals.send({ type: 'NEXT_HELD' }) },
              ]}
            />
          )}
          <TitledListTable
            id="top-referrers-heading"
            heading="Top referrers"
            instead={data.topReferrers.length > 0 ? null : 'Nobody has been credited for a referral yet.'}
            columns={['Person', 'Credits', 'Place']}
          >
            {data.topReferrers.map((referrer) => (
              <tr key={referrer.id}>
                <td>{person(referrer.firstName, referrer.email)}</td>
                <td>{figure(referrer.credits)}</td>
                <td>{referrer.place === null ? '—' : figure(referrer.place)}</td>
              </tr>
            ))}
          </TitledListTable>
        </>
      )}
    </section>
  )
}
