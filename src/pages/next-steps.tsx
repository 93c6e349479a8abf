import { Link } from '@tanstack/react-router'
import type { NextStep } from '../content/consent-pages'

/** Where a consent page leads after its reply: a short list of links. */
export function NextSteps({ steps }: { steps: NextStep[] }) {
  return (
    <ul>
      {steps.map((step) => (
        <li key={step.label}>
          <Link to={step.to} hash={step.hash}>
            {step.label}
          </Link>
        </li>
      ))}
    </ul>
  )
}
