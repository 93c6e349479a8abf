// What every benchmark prints the same way: the header line that dates a run and names its machine (docs/
// performance.md asks each figure for its date and machine), the load average, and counts.
import { cpus, loadavg } from 'node:os'

/** 10000 → "10,000". */
export const count = (n: number) => n.toLocaleString('en-US')

/** "load average 1.51, 2.46, 2.99" (1, 5 and 15 minutes), as uptime prints it. */
export const loadAverage = () => `load average ${loadavg().map((n) => n.toFixed(2)).join(', ')}`

/** "2026-12-06 09:10 UTC, Node v20.20.0, 2 CPUs (AMD EPYC 7B13), load average 1.51, 2.46, 2.99". */
export function machineLine(at = new Date()): string {
  const iso = at.toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${loadAverage()}`
}

/** Prints the run's first line: `title`, then the date, Node, the machine and its load. */
export function printHeader(title: string, at = new Date()): void {
  console.log(`${title}; ${machineLine(at)}`)
}
