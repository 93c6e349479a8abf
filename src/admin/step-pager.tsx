// A pager for a list the server pages by keyset (the held referrals, the audit log): a button each way, enabled as
// the list's machine answers (state.can). The buttons say "not now" with aria-disabled, so the one just pressed
// keeps the focus while the page loads (the list shows the pager for as long as it has more than one page).
import { Pager } from './admin-styles'
import { Button } from './button'

export type PagerStep = { label: string; enabled: boolean; go: () => void }

export function StepPager({ label, steps }: { label: string; steps: PagerStep[] }) {
  return (
    <nav aria-label={label}>
      <Pager>
        {steps.map((step) => (
          <Button key={step.label} type="button" $tone="plain" aria-disabled={!step.enabled} onClick={step.go}>
            {step.label}
          </Button>
        ))}
      </Pager>
    </nav>
  )
}
