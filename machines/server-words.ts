// A refusal in the server's own words (issue 46: a 403 says which permission the role lacks), where the console's
// client gave them (src/admin/admin-api-client.ts's ServerMessage); the machine's own words otherwise (no answer,
// a 500).
import type { EventObject } from 'xstate'

export const serverWords = (event: EventObject, fallback: string) => {
  const error: unknown = 'error' in event ? event.error : undefined
  return error instanceof Error && error.name === 'ServerMessage' ? error.message : fallback
}
