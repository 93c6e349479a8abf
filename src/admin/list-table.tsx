// The console's list tables, written once: a table inside a scrolling region that a keyboard can reach and that
// takes its name from the heading above it (axe asks a scrollable region to be focusable and named), and, for a
// titled list, the sentence that stands in for the table while it loads or when there is nothing in it yet.
import type { ReactNode } from 'react'
import { TableScroll } from './admin-styles'

type Table = {
  /** The header cells' words, one column each. */
  columns: readonly string[]
  /** A last column for each row's buttons, whose header only a screen reader hears. */
  actions?: boolean
  /** The rows. */
  children: ReactNode
}

/** The table in its scrolling region, named by the element whose id is labelledBy. */
export function ListTable({ labelledBy, columns, actions = false, children }: Table & { labelledBy: string }) {
  return (
    <TableScroll tabIndex={0} role="region" aria-labelledby={labelledBy}>
      <table>
        <thead>
          <tr>
            {columns.map((column) => <th key={column} scope="col">{column}</th>)}
            {actions && <th scope="col"><span className="visually-hidden">Actions</span></th>}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableScroll>
  )
}

/** A list under its own heading: the table, or, where instead is a sentence (loading, or nothing yet), that
 * sentence in its place. */
export function TitledListTable({ id, heading, instead, ...table }: Table & { id: string; heading: string; instead: string | null }) {
  return (
    <>
      <h3 id={id}>{heading}</h3>
      {instead === null ? <ListTable labelledBy={id} {...table} /> : <p>{instead}</p>}
    </>
  )
}
