import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import styled from 'styled-components'
import { cookiePolicyNotice, privacyPolicy } from '../content/privacy'
import { termsOfService } from '../content/terms'
import { Container, PageHero } from '../ui/primitives'
import { useHydrated } from '../ui/use-hydrated'
import { LegalDocument } from './legal-document'

export type LegalView = 'terms' | 'privacy' | 'cookies'

/** Which document a hash asks for: #privacy-policy the Privacy Policy, #cookie-policy the Cookie Policy,
 * any other hash (or none) the Terms. */
export function legalViewFor(hash: string): LegalView {
  const name = hash.replace(/^#/, '')
  if (name === 'privacy-policy') return 'privacy'
  if (name === 'cookie-policy') return 'cookies'
  return 'terms'
}

// The server cannot see the hash, so the prerendered page carries all three documents and CSS picks one
// with :target (which also works with JavaScript off). Once hydrated, the router's hash decides: the page
// marks which document is shown and hides the others. The same elements stay in place, so hydration
// repaints nothing (no second largest paint), and a hash-only change (the footer's links while on
// /legal) switches the document at once.
export function LegalPage() {
  const hydrated = useHydrated()
  const hash = useLocation({ select: (location) => location.hash })
  const view = legalViewFor(hash)
  const hiddenUnless = (shown: LegalView) => (hydrated ? view !== shown : undefined)
  useFocusOnSwitch(view)
  return (
    <PageHero as="div">
      <Container $narrow>
        <DocumentSwitch data-view={hydrated ? view : undefined}>
          <LegalDocument id="terms-of-service" document={termsOfService} hidden={hiddenUnless('terms')} />
          <LegalDocument id="privacy-policy" document={privacyPolicy} hidden={hiddenUnless('privacy')} />
          <article id="cookie-policy" className="legal-document" aria-labelledby="cookie-policy-title" hidden={hiddenUnless('cookies')}>
            <h1 id="cookie-policy-title">Cookie Policy</h1>
            <p>{cookiePolicyNotice}</p>
          </article>
        </DocumentSwitch>
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
    const heading = document.querySelector<HTMLElement>('.legal-document:not([hidden]) h1')
    if (!heading) return
    heading.setAttribute('tabindex', '-1')
    heading.focus()
  }, [view])
}

// Before hydration (and without JavaScript) :target picks the document; after, data-view and `hidden` do.
const DocumentSwitch = styled.div`
  .legal-document { display: none; }
  &:not([data-view]) #terms-of-service { display: block; }
  &:not([data-view]) .legal-document:target { display: block; }
  &:not([data-view]):has(.legal-document:target) #terms-of-service:not(:target) { display: none; }
  &[data-view] .legal-document:not([hidden]) { display: block; }
`
