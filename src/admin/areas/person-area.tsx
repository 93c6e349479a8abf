// One person's page (/admin/people/<id>): everything held about them (person-page.tsx).
import { useParams } from '@tanstack/react-router'
import { AreaFrame } from '../area-frame'
import type { ConsoleRouter } from '../console-router'
import { PersonPage } from '../person-page'

export function PersonArea() {
  const { personId } = useParams<ConsoleRouter, '/people/$personId'>({ from: '/people/$personId' })
  return (
    <AreaFrame name={`Person ${personId}`}>
      <PersonPage personId={Number(personId)} />
    </AreaFrame>
  )
}
