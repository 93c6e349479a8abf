// Audit (/admin/audit): who did what in the console, and when, newest first.
import { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import { adminAuditMachine } from '../../../machines/admin-audit-machine'
import * as api from '../admin-api-client'
import { AreaFrame } from '../area-frame'
import { AuditLog } from '../audit-log'

const auditMachine = adminAuditMachine.provide({ actors: { fetchAudit: fromPromise(({ input, signal }) => api.fetchAudit(input.before, signal)) } })

export function AuditArea() {
  return (
    <AreaFrame name="Audit">
      <AuditLog audit={useActorRef(auditMachine)} />
    </AreaFrame>
  )
}
