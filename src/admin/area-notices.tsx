// The two pages an address can lead to instead of an area: an area the member's role does not open (said in words,
// with who can open it; nothing is asked of the server), and an address that is no area at all.
import { Link } from '@tanstack/react-router'
import { closedWords, type Area } from './area-list'
import { AreaFrame } from './area-frame'
import type { ConsoleRouter } from './console-router'
import type { Role } from '../../shared/team'

export function ClosedArea({ area, role }: { area: Area; role: Role | null }) {
  return (
    <AreaFrame name={area.name}>
      <section aria-labelledby="closed-heading">
        <h2 id="closed-heading">{area.name}</h2>
        <p>{closedWords(area, role)}</p>
        <p><Link<ConsoleRouter> to="/">Go to the Overview</Link></p>
      </section>
    </AreaFrame>
  )
}

export function NoSuchArea() {
  return (
    <AreaFrame name="Not found">
      <section aria-labelledby="not-found-heading">
        <h2 id="not-found-heading">Nothing here</h2>
        <p>There is no part of the console at this address.</p>
        <p><Link<ConsoleRouter> to="/">Go to the Overview</Link></p>
      </section>
    </AreaFrame>
  )
}
