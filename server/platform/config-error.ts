// How a setting's problem is said, for every reader of the environment (server/config.ts, the mail's and the
// console's settings): each problem names its variable, quotes a value on one line, and all of a start's
// problems are one error.
import { folderProblem } from './folders'

/** Every problem found in the environment, each naming its variable; the message is one line (a deploy log
 * shows the first line of a failure), and never holds a password. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ').replace(/[\r\n]+/g, ' ')}`)
    this.name = 'ConfigError'
  }
}

/** Reads settings together: `read` runs one reader and keeps its ConfigError's problems (any other error is thrown),
 * giving undefined for that reader, so that one start reports every mistake; `problems` holds them in order. */
export function configProblems() {
  const problems: string[] = []
  const read = <T>(reader: () => T): T | undefined => {
    try {
      return reader()
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error
      problems.push(...error.problems)
      return undefined
    }
  }
  return { problems, read }
}

/** A value as a message quotes it: in double quotes, its control characters escaped, so it stays on one line. */
export const quoted = (value: string) => JSON.stringify(value)

/** A folder setting: anything in its way that is a file is a mistake now, not at the first request. */
export function folder(name: string, raw: string | undefined, fallback: string, problems: string[]): string {
  const value = raw?.trim() || fallback
  const problem = folderProblem(value)
  if (problem) problems.push(`${name} must be a folder: ${problem}`)
  return value
}
