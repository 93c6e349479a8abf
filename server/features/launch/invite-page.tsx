// The page behind an invitation's link (issue 22), rendered here on the server like the "your place" page
// (server/features/referral/place-page.tsx), and with the same care: never indexed or cached, its address (which holds
// the token) never sent on as a Referer, the site's header, type and palettes in both schemes
// (platform/http/private-page.tsx). Opening it changes nothing,
// since mail scanners open every link: its one button posts the token back to the endpoint, which claims the
// invitation and answers with the page of the claimed invitation: the activation code the app will ask for at its
// first start (activation-code.ts), shown this once, with a Copy button, and the link on to INVITE_URL. A plain form,
// so it needs no script; the claimed page's one script only adds the Copy button where the browser can copy.
import { brand, mailto } from '../../../shared/brand'
import { consentPages, invitePagePath } from '../../../shared/consent-paths'
import { activationCodeLifetimeMs } from '../../../shared/api-keys'
import { expiresOnWords, inWords } from '../../../shared/rules'
import { cspHash, PrivatePage, privatePageStyle, renderPage, siteLink } from '../../platform/http/private-page'
// The button keeps a transparent border so that it still has an edge where the system repaints colours
// (Windows' forced colours), and its focus ring stands off it, so the ring shows against the page, not the button.
const style = [
  ...privatePageStyle,
  `form{margin:1.5rem 0}`,
  `button{font:inherit;font-weight:600;max-width:100%;padding:.75rem 1.25rem;border:2px solid transparent;border-radius:.5rem;cursor:pointer}`,
  `button{background:var(--color-brand);color:var(--color-on-brand)}`,
  `button.copy{padding:.5rem 1rem;background:var(--color-surface);color:var(--color-brand);border-color:var(--color-brand)}`,
  `[hidden]{display:none!important}`,
  // The code reads as it is typed: large, monospaced, one group of four never broken across lines.
  `.code{font:600 1.5rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.08em;white-space:nowrap;margin:1rem 0}`,
  `a.next{display:inline-block;font-weight:600;padding:.75rem 1.25rem;border:2px solid transparent;border-radius:.5rem;text-decoration:none}`,
  `a.next{background:var(--color-brand);color:var(--color-on-brand)}`,
].join('\n')

/** Which element the claimed page's Copy button copies from, and where it says what happened. */
const codeIds = { code: 'activation-code', said: 'activation-code-said', copy: 'activation-code-copy' } as const
export const codeCopyWords = { copied: 'Copied.', refused: 'Your browser did not allow copying: select the code and copy it.' } as const

// Shows the Copy button only where the browser can copy, and says what happened in the polite status line.
const script = `(() => {
  const code = document.getElementById('${codeIds.code}');
  const said = document.getElementById('${codeIds.said}');
  const copy = document.getElementById('${codeIds.copy}');
  if (!navigator.clipboard) return;
  copy.hidden = false;
  copy.addEventListener('click', () => navigator.clipboard.writeText(code.textContent).then(
    () => { said.textContent = ${JSON.stringify(codeCopyWords.copied)}; },
    () => { said.textContent = ${JSON.stringify(codeCopyWords.refused)}; }));
})();`

/** The pages' own policy: their inline style and the claimed page's one script by their hashes, nothing else
 * loaded, no framing. The
 * form posts to this endpoint only, which answers with a page of its own (the claimed page, with its link on to
 * INVITE_URL), never a redirect: so form-action is 'self' and nothing else. The page has no script and takes no
 * input that could aim the form elsewhere. */
export function invitePageCsp(): string {
  return ["default-src 'none'", `style-src ${cspHash(style)}`, `script-src ${cspHash(script)}`, "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ')
}

/** An open invitation, as its page shows it: the day it ends, never a duration, which would be out of date the
 * moment after it was written (hence no `lifetime`). */
export type InvitationView = { firstName: string; expiresAt: Date; lifetime?: never }

function InvitationPage({ you, token, siteUrl }: { you: InvitationView; token: string; siteUrl: string }) {
  const title = `Your early access to ${brand.coachName} is ready`
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title={title}>
      <p className="muted">{`${brand.companyName} early access`}</p>
      <h1>{you.firstName ? `${you.firstName}, your early access to ${brand.coachName} is ready` : title}</h1>
      <p>
        Early access means you can use {brand.coachName} on {brand.launch.platform} before it opens to everyone. This invitation is yours until{' '}
        {expiresOnWords(you.expiresAt)}.
      </p>
      <form method="post" action={invitePagePath}>
        <input type="hidden" name="token" value={token} />
        <button type="submit">Claim my early access</button>
      </form>
      <p>
        Pressing the button claims your invitation and takes you on to the next step, where you get the app (on the App Store or TestFlight) or sign up. This
        link then stops working, so keep that page open until you're in.
      </p>
      <p>Not now? Leave this page: nothing changes until you press the button.</p>

      <h2>Your email and your data</h2>
      <p>
        To stop our emails, use the unsubscribe link at the end of any email from us. To be taken off the list and have your data erased,{' '}
        <a href={siteLink(siteUrl, consentPages.erase)}>ask for erasure</a>.
      </p>
      <p className="muted">This page is only for you: please don't forward the link that opened it.</p>
    </PrivatePage>
  )
}

/** What the page shows right after a claim: the activation code, once, and the day it ends. */
export type ClaimedView = { code: string; expiresAt: Date }

// After the claim: the person is in. The code is shown here only (it is stored hashed), so the page says to keep it;
// the way on is a link to INVITE_URL rather than a redirect, since a redirect would take the code away unseen.
function InvitationClaimed({ claimed, inviteUrl, siteUrl }: { claimed: ClaimedView; inviteUrl: string; siteUrl: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="Your early access is claimed">
      <p className="muted">{`${brand.companyName} early access`}</p>
      <h1>Your early access is claimed</h1>
      <p>When {brand.coachName} starts for the first time, it asks for your activation code. Here it is:</p>
      <p className="code" id={codeIds.code}>
        {claimed.code}
      </p>
      <p>
        <button type="button" className="copy" id={codeIds.copy} aria-describedby={codeIds.said} hidden>
          Copy the code
        </button>
      </p>
      <p id={codeIds.said} role="status" className="muted" />
      <p>
        Write it down or copy it now: this page is the only place it is shown. It works once, for {inWords(activationCodeLifetimeMs)} (until{' '}
        {expiresOnWords(claimed.expiresAt)}).
      </p>
      <p>
        <a className="next" href={inviteUrl}>
          Get {brand.coachName}
        </a>
      </p>
      <p className="muted">
        If you lose the code, write to <a href={mailto()}>{brand.contactEmail}</a>. <a href={siteUrl}>{`Go to ${brand.companyName}`}</a>
      </p>
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </PrivatePage>
  )
}

// One page for every link that does not open an invitation (unknown, used, expired, or ended by an erasure), so
// it tells nobody whether a person is listed or what became of them.
function InvitationNotWorking({ siteUrl }: { siteUrl: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="This invitation link doesn't work">
      <h1>This invitation link doesn't work</h1>
      <p>It has been used already, or the invitation has expired, or the link is incomplete.</p>
      <p>If you've already claimed your early access, carry on from the page the link sent you to.</p>
      <p>
        If your invitation expired, the {brand.companyName} team can send it again: write to <a href={mailto()}>{brand.contactEmail}</a>.
      </p>
      <p>
        <a href={siteUrl}>{`Go to ${brand.companyName}`}</a>
      </p>
    </PrivatePage>
  )
}

// While INVITE_URL is not set there is nowhere to send anyone, so the claim waits and the link keeps working.
function InvitationClosed({ siteUrl }: { siteUrl: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="Invitations are not open yet">
      <h1>Invitations are not open yet</h1>
      <p>Nothing has changed and your link has not been used up: please try it again later.</p>
      <p>
        If it still doesn't work by the day your invitation ends, write to <a href={mailto()}>{brand.contactEmail}</a>.
      </p>
      <p>
        <a href={siteUrl}>{`Go to ${brand.companyName}`}</a>
      </p>
    </PrivatePage>
  )
}

export const renderInvitation = (you: InvitationView, token: string, siteUrl: string) =>
  renderPage(<InvitationPage you={you} token={token} siteUrl={siteUrl} />)
export const renderInvitationClaimed = (claimed: ClaimedView, inviteUrl: string, siteUrl: string) =>
  renderPage(<InvitationClaimed claimed={claimed} inviteUrl={inviteUrl} siteUrl={siteUrl} />)
export const renderInvitationNotWorking = (siteUrl: string) => renderPage(<InvitationNotWorking siteUrl={siteUrl} />)
export const renderInvitationClosed = (siteUrl: string) => renderPage(<InvitationClosed siteUrl={siteUrl} />)
