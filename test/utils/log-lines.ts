// A logger as the endpoint makes it (server/platform/observability/logger.ts: its redaction, its scrub), writing its lines
// into memory for a test to read.
import { createLogger, type LogLevel, type Logger } from '../../server/platform/observability/logger'

export function logLines(level: LogLevel = 'info'): { logger: Logger; lines: () => string[]; objects: () => Record<string, unknown>[] } {
  const written: string[] = []
  const logger = createLogger({ level, destination: { write: (line: string) => void written.push(line.trimEnd()) } })
  return { logger, lines: () => [...written], objects: () => written.map((line) => JSON.parse(line) as Record<string, unknown>) }
}
