import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import { cookiePolicyNotice, privacyPolicy } from '../content/privacy'
import { termsOfService } from '../content/terms'
import { Container, PageHero } from '../ui/primitives'
import { useHydrated } from '../ui/use-hydrated'
import { LegalDocument } from './legal-document'

export type LegalView = 'terms' | 'privacy' | 'cookies'

/** Which document a hash asks for: Terms unless the hash names another one (SPEC §2). */
export function legalViewFor(hash: string): LegalView {
  const name = hash.replace(/^#/, '')
  if (name === 'privacy-policy') return 'privacy'
  if (name === 'cookie-policy') return 'cookies'
  return 'terms'
}

const terms = <LegalDocument key="terms" id="terms-of-service" document={termsOfService} />
const privacy = <LegalDocument key="privacy" id="privacy-policy" document={privacyPolicy} />
const cookies = (
  <article key="cookies" id="cookie-policy" className="legal-document" aria-labelledby="cookie-policy-title">
    <h1 id="cookie-policy-title">Cookie Policy</h1>
    <p>{cookiePolicyNotice}</p>
  </article>
)
const documents: Record<LegalView, React.ReactElement> = { terms, privacy, cookies }

// The server cannot see the hash, so the prerendered page carries all three documents and CSS picks one
// with :target (which also works with JavaScript off). Once hydrated, the router's hash decides and only
// that document is rendered, so a hash-only change (the footer's links while on /legal) switches it.
export function LegalPage() {
  const hydrated = useHydrated()
  const hash = useLocation({ select: (location) => location.hash })
  const view = legalViewFor(hash)
  useFocusOnSwitch(view)
  return (
    <PageHero as="div">
      <Container $narrow>
        {hydrated ? documents[view] : <TargetSwitch>{[terms, privacy, cookies]}</TargetSwitch>}
      </Container>
    </PageHero>
  )
}

/** When only the hash changes (a footer link while on /legal), the document above is replaced without a
 * page change: focus moves to its heading, so keyboard and screen reader users land on what they chose. */
function useFocusOnSwitch(view: LegalView) {
  const shown = useRef(view)
  useEffect(() => {
    if (shown.current === view) return
    shown.current = view
    const heading = document.querySelector<HTMLElement>('.legal-document h1')
    if (!heading) return
    heading.setAttribute('tabindex', '-1')
    heading.focus()
  }, [view])
}

const TargetSwitch = styled.div`
  .legal-document { display: none; }
  #terms-of-service { display: block; }
  .legal-document:target { display: block; }
  &:has(.legal-document:target) #terms-of-service:not(:target) { display: none; }
`
