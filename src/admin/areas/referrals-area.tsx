// Referrals (/admin/referrals): the held referrals to review and the top referrers.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminReferralsMachine } from '../../../machines/admin-referrals-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { ReferralsView } from '../referrals-view'

const referralsMachine = adminReferralsMachine.provide({
  actors: {
    fetchReferrals: fromPromise(({ input, signal }) => api.fetchReferrals(input.after, signal)),
    reviewReferral: fromPromise(({ input }) => api.reviewReferral(input.friendId, input.verdict)),
  },
})

export function ReferralsArea() {
  return (
    <AreaFrame name="Referrals">
      <ReferralsView referrals={useActorRef(referralsMachine)} />
    </AreaFrame>
  )
}
