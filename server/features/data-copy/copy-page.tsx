// The pages behind a copy's link (issue 51), rendered here on the server like the invitation page
// (features/launch/invite-page.tsx) and with the same care: never indexed or cached, their address (which holds the
// token) never sent on as a Referer, the site's header, type and palettes in both schemes
// (platform/http/private-page.tsx). Opening the link changes nothing, since mail scanners open every link: its one
// button posts the token back, which uses the link and answers with the copy, readable, and a button that
// downloads it as JSON (a plain form with the page's own token for the hour after). No script at all.
import type { ReactNode } from 'react'
import { brand } from '../../../shared/brand'
import { consentPages, copyFilePath, copyPagePath } from '../../../shared/consent-paths'
import type { OwnCopy } from '../../../shared/own-copy'
import { inWords, linkLifetimesMs } from '../../../shared/rules'
import { cspHash, PrivatePage, privatePageStyle, renderPage, siteLink } from '../../platform/http/private-page'

// The button keeps a transparent border so that it still has an edge where the system repaints colours.
const style = [
  ...privatePageStyle,
  `form{margin:1.5rem 0}`,
  `button{font:inherit;font-weight:600;max-width:100%;padding:.75rem 1.25rem;border:2px solid transparent;border-radius:.5rem;cursor:pointer;background:var(--color-brand);color:var(--color-on-brand)}`,
  `dl{display:grid;grid-template-columns:minmax(8rem,max-content) 1fr;gap:.25rem 1rem;margin:0 0 1rem}`,
  `dl>div{display:contents}`,
  `dt{color:var(--color-ink-muted)}`,
  `dd{margin:0;overflow-wrap:anywhere}`,
  `table{border-collapse:collapse;width:100%;margin:0 0 1rem}`,
  `th,td{text-align:left;padding:.25rem .5rem .25rem 0;border-bottom:1px solid var(--color-line)}`,
].join('\n')

/** The pages' own policy: their inline style by its hash, nothing else loaded, no script, no framing. Their forms
 * post to this endpoint only, which answers with a page or a file of its own, never a redirect. */
export const copyPageCsp = () => ["default-src 'none'", `style-src ${cspHash(style)}`, "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ')

const when = (iso: string | null) => (iso === null ? 'never' : `${new Date(iso).toUTCString().replace(' GMT', '')} UTC`)
const or = (value: string | number | null, none = 'none') => (value === null || value === '' ? none : String(value))

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl>
      {rows.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  )
}

function CopyDoor({ token, siteUrl }: { token: string; siteUrl: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="Your data">
      <h1>Your data</h1>
      <p>Press the button to see everything we keep about you, and to download it as a JSON file. The link works once: keep the page open, or ask for a new link later. Opening this page alone changes nothing.</p>
      <form method="post" action={copyPagePath}>
        <input type="hidden" name="token" value={token} />
        <button type="submit">Show my data</button>
      </form>
    </PrivatePage>
  )
}

function OwnCopyPage({ copy, fileToken, siteUrl }: { copy: OwnCopy; fileToken: string; siteUrl: string }) {
  const { signup, consent, purposes, line } = copy
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="Your data">
      <h1>Your data</h1>
      <p>{copy.about}</p>
      <form method="post" action={copyFilePath}>
        <input type="hidden" name="token" value={fileToken} />
        <button type="submit">Download as JSON</button>
      </form>
      <p className="muted">{`The download works for ${inWords(linkLifetimesMs.copyFile)} from now. Times are in UTC.`}</p>

      <h2>Your signup</h2>
      <Facts
        rows={[
          ['Email', signup.email],
          ['First name', or(signup.firstName)],
          ['Joined', when(signup.joinedAt)],
          ['Status', signup.status],
          ['Form', signup.source],
          ['Campaign', [signup.utmSource, signup.utmMedium, signup.utmCampaign].filter(Boolean).join(' / ') || 'none'],
          ['Came from', or(signup.referrerOrigin)],
        ]}
      />

      <h2>Your consent</h2>
      <Facts
        rows={[
          ['Wording agreed to', or(consent.version, 'an older form')],
          ['Confirmation sent', when(consent.confirmationQueuedAt)],
          ['Confirmed', when(consent.confirmedAt)],
          ['Unsubscribed', when(consent.unsubscribedAt)],
        ]}
      />
      <h2>What you get emails for</h2>
      <Facts
        rows={[
          ['Early access', purposes.earlyAccess.held ? 'yes' : 'no'],
          ['News and updates', purposes.news.held ? 'yes' : 'no'],
          ['News wording agreed to', or(purposes.news.version)],
          ['News given', when(purposes.news.givenAt)],
          ['News taken back', when(purposes.news.withdrawnAt)],
        ]}
      />

      <h2>Your place and your share link</h2>
      <Facts
        rows={[
          ['Place in line', or(line.place, 'none now')],
          ['Your code', or(line.code)],
          ['Credits', String(line.credits)],
          ['Came through the code', or(line.cameThroughCode)],
          ['Friends who joined through your link', String(line.friendsJoined)],
          ['Of them, confirmed', String(line.friendsConfirmed)],
        ]}
      />
      <p className="muted">Friends are counted, never named: their data is theirs.</p>

      <h2>Invitation and activation</h2>
      {copy.invitations.length === 0 ? (
        <p>No invitation yet.</p>
      ) : (
        copy.invitations.map((invitation) => (
          <Facts
            key={invitation.waveId}
            rows={[
              ['Invited', when(invitation.invitedAt)],
              ['Delivered', when(invitation.deliveredAt)],
              ['Reminded', when(invitation.remindedAt)],
              ['Claimed', when(invitation.claimedAt)],
              ['Ends', when(invitation.expiresAt)],
              ['Ended unclaimed', when(invitation.expiredAt)],
            ]}
          />
        ))
      )}
      <p>{copy.activation ? `The app was activated ${when(copy.activation.activatedAt)} (by ${copy.activation.via}).` : 'The app has not been activated.'}</p>

      <h2>Emails to you</h2>
      {copy.emails.length === 0 ? (
        <p>None.</p>
      ) : (
        <table>
          <caption className="muted">Their kind and when; we keep no email's words.</caption>
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Status</th>
              <th scope="col">Queued</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {copy.emails.map((email, index) => (
              <tr key={index}>
                <td>{email.kind}</td>
                <td>{email.status}</td>
                <td>{when(email.queuedAt)}</td>
                <td>{when(email.finishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      <h2>Your answers to our questions</h2>
      {copy.answers.given.length === 0 ? (
        <p>You have answered none of our questions.</p>
      ) : (
        <table>
          <caption className="muted">Each with the wording you answered; health answers are stored encrypted.</caption>
          <thead>
            <tr>
              <th scope="col">Question</th>
              <th scope="col">Your answer</th>
              <th scope="col">Answered</th>
            </tr>
          </thead>
          <tbody>
            {copy.answers.given.map((given) => (
              <tr key={given.questionId}>
                <td>{given.sensitive ? `${given.wording} (health)` : given.wording}</td>
                <td>{given.answer === null ? 'Cannot be read now: please write to us' : Array.isArray(given.answer) ? given.answer.join(', ') : given.answer}</td>
                <td>{when(given.answeredAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {copy.answers.sensitiveConsent && (
        <p>{`Your yes to the health questions: ${copy.answers.sensitiveConsent.givenAt ? `given ${when(copy.answers.sensitiveConsent.givenAt)}` : 'not given'} (wording ${copy.answers.sensitiveConsent.version})${copy.answers.sensitiveConsent.withdrawnAt ? `, taken back ${when(copy.answers.sensitiveConsent.withdrawnAt)}` : ''}.`}</p>
      )}

      <h2>Suppression</h2>
      <p>{copy.suppression ? `Your address is on our suppression list since ${when(copy.suppression.suppressedAt)}: ${copy.suppression.words} No email goes to it.` : 'Your address is not on our suppression list.'}</p>

      <h2>Events sent to our own systems</h2>
      {copy.eventsSent.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul>
          {copy.eventsSent.map((sent, index) => (
            <li key={index}>{`${sent.event}, ${when(sent.createdAt)}: ${sent.status}`}</li>
          ))}
        </ul>
      )}

      <h2>What is not linked to you</h2>
      <ul>
        {copy.notLinked.map((words) => (
          <li key={words}>{words}</li>
        ))}
      </ul>

      <h2>What you can do</h2>
      <p>
        <a href={siteLink(siteUrl, consentPages.erase)}>Delete your data</a>
        {` · Questions? Write to ${brand.privacyEmail}.`}
      </p>
      <p className="muted">This page is only for you: please don't share its address.</p>
    </PrivatePage>
  )
}

function CopyLinkNotWorking({ siteUrl }: { siteUrl: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="This link doesn't work">
      <h1>This link doesn't work</h1>
      <p>{`A link to your data works once, for ${inWords(linkLifetimesMs.copy)}. This one is incomplete, used already or older than that.`}</p>
      <p>
        <a href={siteLink(siteUrl, consentPages.copy)}>Ask for a new link</a>
      </p>
    </PrivatePage>
  )
}

export const renderCopyDoor = (token: string, siteUrl: string) => renderPage(<CopyDoor token={token} siteUrl={siteUrl} />)
export const renderOwnCopy = (copy: OwnCopy, fileToken: string, siteUrl: string) => renderPage(<OwnCopyPage copy={copy} fileToken={fileToken} siteUrl={siteUrl} />)
export const renderCopyLinkNotWorking = (siteUrl: string) => renderPage(<CopyLinkNotWorking siteUrl={siteUrl} />)
