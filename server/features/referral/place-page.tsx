// The private "your place" page behind the link in the welcome email (issue 21), rendered here on the server so
// it works without JavaScript: the place and how many are in line, the person's share link, how many friends
// confirmed through it, news and updates (given or taken back with a plain form), and how to stop emails or be
// erased. Its one script only adds a Copy button and the
// phone's share sheet (Web Share API) to what is already there. Never indexed, never cached, never sends its
// address (which holds the token) on as a Referer. It wears the site's header, type and palettes in both schemes
// (platform/http/private-page.tsx).
import { brand } from '../../../shared/brand'
import { consentApi, consentPages } from '../../../shared/consent-paths'
import { newsConsentWording } from '../../../shared/email-purposes'
import { shareLinkOf } from '../../../shared/referral-code'
import { cspHash, PrivatePage, privatePageStyle, renderPage } from '../../platform/http/private-page'
import type { NewsChoiceOffer } from '../consent/public'
import type { QuestionsOffer } from '../questions/public'
import { questionsPagePath, questionsWithdrawPath } from '../../../shared/questions'
import type { YourPlace } from './line'
import { invitationWords } from '../launch/public'

const style = [
  ...privatePageStyle,
  `.share{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0 1.5rem}`,
  `.share input{flex:1 1 16rem;font:inherit;padding:.5rem;border:1px solid var(--color-input-border);border-radius:.375rem;background:transparent;color:inherit}`,
  `.share button,.news button{font:inherit;padding:.5rem 1rem;border:2px solid transparent;border-radius:.375rem;background:var(--color-brand);color:var(--color-on-brand);cursor:pointer}`,
  `[hidden]{display:none!important}`,
].join('\n')

// Shows the two buttons only where they work, and says what happened in the polite status line.
const script = `(() => {
  const link = document.getElementById('share-link');
  const said = document.getElementById('share-said');
  const copy = document.getElementById('copy');
  const share = document.getElementById('share');
  if (navigator.clipboard) {
    copy.hidden = false;
    copy.addEventListener('click', () => navigator.clipboard.writeText(link.value).then(
      () => { said.textContent = 'Link copied.'; },
      () => { link.select(); said.textContent = 'Select the link and copy it.'; }));
  }
  if (navigator.share) {
    share.hidden = false;
    share.addEventListener('click', () => navigator.share({ title: ${JSON.stringify(brand.companyName)}, url: link.value }).catch(() => {}));
  }
})();`

/** The page's own policy: its inline style and script by their hashes, nothing else loaded, no framing. Its one
 * form posts to this endpoint, which answers with a redirect to the site's outcome page: Chromium holds that hop
 * to form-action too, so the site's origin is allowed after ours. */
export const placePageCsp = (siteUrl: string) =>
  [
    "default-src 'none'",
    `style-src ${cspHash(style)}`,
    `script-src ${cspHash(script)}`,
    "base-uri 'none'",
    `form-action 'self' ${new URL(siteUrl).origin}`,
    "frame-ancestors 'none'",
  ].join('; ')

const count = (n: number) => n.toLocaleString('en-US')

// News and updates (shared/email-purposes.ts), asked here as on the confirmed page: the wording and one button
// that gives it, never pre-ticked; once given, one button that takes it back. A plain form posting to the
// endpoint, which answers on the site's outcome page with the next choice.
function NewsAndUpdates({ news }: { news: NewsChoiceOffer }) {
  return (
    <>
      <h2>News and updates</h2>
      <p>{news.holdsNews ? 'You get our news and updates as well as emails about early access. You can stop them here at any time.' : newsConsentWording}</p>
      <form className="news" method="post" action={consentApi.news}>
        <input type="hidden" name="token" value={news.token} />
        <input type="hidden" name="news" value={news.holdsNews ? 'off' : 'on'} />
        <button type="submit">{news.holdsNews ? 'Stop news and updates' : 'Send me news and updates'}</button>
      </form>
    </>
  )
}

// The questions (issue 52): a link to their page, which the endpoint serves with its own token of a day; and, for
// one who said yes to the health questions, the button that takes it back and deletes those answers at once.
function Questions({ questions }: { questions: QuestionsOffer }) {
  const link = `${questionsPagePath}?token=${encodeURIComponent(questions.token)}`
  return (
    <>
      <h2>A few questions</h2>
      <p>
        Optional questions help us choose who tries the app first. <a href={link}>Answer or change your answers</a>.
      </p>
      {questions.holdsSensitiveConsent && (
        <form className="news" method="post" action={questionsWithdrawPath}>
          <input type="hidden" name="token" value={questions.token} />
          <p>You said yes to us keeping your answers about your health.</p>
          <button type="submit">Take back my yes and delete my health answers</button>
        </form>
      )}
    </>
  )
}

type PageExtras = { inviteUrl?: string; news: NewsChoiceOffer; questions?: QuestionsOffer }

function YourPlacePage({ you, siteUrl, inviteUrl, news, questions }: { you: YourPlace; siteUrl: string } & PageExtras) {
  const shareLink = shareLinkOf(siteUrl, you.referralCode)
  // Friends count once they confirm (line.ts YourPlace): a count of signups would tell who was listed already.
  const friends =
    you.friendsConfirmed === 0
      ? 'No friends have confirmed through your link yet.'
      : `${count(you.friendsConfirmed)} ${you.friendsConfirmed === 1 ? 'friend has' : 'friends have'} confirmed through your link.`
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title={you.invitation ? 'Your early access' : 'Your place in line'}>
      <p className="muted">{`${brand.companyName} early access`}</p>
      {you.invitation ? (
        <>
          <h1>{invitationHeadings[you.invitation](you.firstName)}</h1>
          <p>{invitationSentences[you.invitation]}</p>
          {/* Someone who claimed and lost the page it sent them to finds the way back here. */}
          {you.invitation === 'claimed' && inviteUrl && (
            <p>
              <a href={inviteUrl}>Continue to early access</a>
            </p>
          )}
          <h2>Share with friends</h2>
          <p>Friends who join through your link get their own place in line. They won't be told who invited them.</p>
        </>
      ) : (
        <>
          <h1>{`${you.firstName}, you're number ${count(you.place)} in line`}</h1>
          <p>{`${count(you.inLine)} ${you.inLine === 1 ? 'person is' : 'people are'} in line. We let people in from the front, in waves.`}</p>
          <h2>Move up with friends</h2>
          <p>
            {`Each friend who joins through your link and confirms their email moves you up ${count(you.boostPlaces)} ${you.boostPlaces === 1 ? 'place' : 'places'}. They won't be told who invited them, and nobody else can see your place.`}
          </p>
        </>
      )}
      <div className="share">
        <input id="share-link" readOnly value={shareLink} aria-label="Your share link" aria-describedby="share-said" />
        <button type="button" id="copy" hidden>
          Copy link
        </button>
        <button type="button" id="share" hidden>
          Share…
        </button>
      </div>
      <p id="share-said" role="status" className="muted" />
      <p>{friends}</p>

      <NewsAndUpdates news={news} />
      {questions && <Questions questions={questions} />}

      <h2>Your email and your data</h2>
      <p>
        {you.unsubscribed
          ? unsubscribedSentences[you.invitation ?? 'inLine']
          : 'To stop our emails, use the unsubscribe link at the end of any email from us. You keep your place.'}{' '}
        To see everything we keep about you, <a href={`${siteUrl.replace(/\/$/, '')}${consentPages.copy}`}>get a copy of your data</a>. To be taken off the list and have your data erased, <a href={`${siteUrl.replace(/\/$/, '')}${consentPages.erase}`}>ask for erasure</a>.
      </p>
      <p className="muted">This page is only for you: please don't forward the link that opened it.</p>
      <script dangerouslySetInnerHTML={{ __html: script }} />
    </PrivatePage>
  )
}

// Someone a wave has invited holds no place any more: the page says where their invitation stands, in the
// launch's words (features/launch/invitation-words.ts).
const invitationHeadings = invitationWords.heading
const invitationSentences = invitationWords.sentence

// Unsubscribed, a person keeps what they hold, place or invitation, and gets no email about it; joining again
// and confirming brings them back to it.
const unsubscribedSentences = {
  inLine: "You've unsubscribed: we won't email you, and you keep your place.",
  ...invitationWords.unsubscribed,
} as const

function LinkNotWorking({ siteUrl }: { siteUrl: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="This link doesn't work">
      <h1>This link doesn't work</h1>
      <p>
        It may be incomplete, or older than a year. Your place in line is kept either way. If you've just been erased from the list, the link ended with it.
      </p>
      <p>
        <a href={siteUrl}>{`Go to ${brand.companyName}`}</a>
      </p>
    </PrivatePage>
  )
}

export const renderYourPlace = (you: YourPlace, siteUrl: string, extras: PageExtras) => renderPage(<YourPlacePage you={you} siteUrl={siteUrl} {...extras} />)
export const renderLinkNotWorking = (siteUrl: string) => renderPage(<LinkNotWorking siteUrl={siteUrl} />)
