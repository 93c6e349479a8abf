// A placeholder for one person's page (issue 47): the page itself is built in its own branch and replaces this file.
import { Link } from '@tanstack/react-router'
import type { ConsoleRouter } from './console-router'

export function PersonPage({ personId }: { personId: number }) {
  return (
    <section aria-labelledby="person-heading">
      <h2 id="person-heading">Person #{personId}</h2>
      <p><Link<ConsoleRouter> to="/people">Back to People</Link></p>
    </section>
  )
}
