// The webhooks' part of a person's record (shared/person-record.ts): each delivery that named them, newest first,
// with its endpoint's address; never its body. All of them: a person is named by a few events, each once per endpoint.
import type { PersonRecordReader } from '../../platform/wing/wing'

export const webhooksPerson: PersonRecordReader = async (db, personId) => {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'webhook_deliveries.endpoint_id')
    .select(['webhook_deliveries.endpoint_id', 'webhook_endpoints.url', 'webhook_deliveries.type', 'webhook_deliveries.status', 'webhook_deliveries.created_at', 'webhook_deliveries.finished_at'])
    .where('webhook_deliveries.signup_id', '=', personId)
    .orderBy('webhook_deliveries.id', 'desc')
    .execute()
  return {
    deliveries: rows.map((row) => ({
      endpointId: Number(row.endpoint_id),
      endpointUrl: row.url,
      event: row.type,
      status: row.status,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
    })),
  }
}
