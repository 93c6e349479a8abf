// Many rows written in statements of `size` rows each, one after the other: a statement's parameters stay within
// what each engine takes (SQLite's 32,766, PostgreSQL's 65,535) whatever the number of rows.
export async function inChunks<T>(rows: readonly T[], size: number, write: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let from = 0; from < rows.length; from += size) await write(rows.slice(from, from + size))
}
