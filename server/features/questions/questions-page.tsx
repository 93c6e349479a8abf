// The questions page (issue 52), rendered here on the server like the "your place" page and with the same care
// (platform/http/private-page.tsx): never indexed or cached, its address (which holds the token) never sent on as a
// Referer, no script at all, so it works the same with or without one, and loads nothing on the site's pages.
// Every question is optional and "Skip" is one press. Before any sensitive question, the consent is asked in its
// own words with two radio buttons, neither ticked; "no" keeps the person in line and stores no health answer. A
// person who said yes finds here the button that takes it back, which deletes those answers at once.
import { brand } from '../../../shared/brand'
import { inWords } from '../../../shared/rules'
import { questionRules, questionsPagePath, questionsWithdrawPath, sensitiveConsentWording, type AskedQuestion, type PersonAnswer } from '../../../shared/questions'
import { cspHash, PrivatePage, privatePageStyle, renderPage, siteLink } from '../../platform/http/private-page'

const style = [
  ...privatePageStyle,
  `form{margin:1.5rem 0}`,
  `fieldset{border:1px solid var(--color-line);border-radius:.5rem;margin:0 0 1.25rem;padding:1rem}`,
  `legend{font-weight:600;padding:0 .25rem}`,
  `label{display:block;margin:.35rem 0}`,
  `input[type=text]{font:inherit;width:100%;max-width:32rem;padding:.5rem;border:1px solid var(--color-ink-muted);border-radius:.375rem;background:transparent;color:inherit}`,
  `button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border:2px solid transparent;border-radius:.5rem;cursor:pointer;background:var(--color-brand);color:var(--color-on-brand);margin:0 .75rem .75rem 0}`,
  `.notice{border-left:4px solid var(--color-brand);padding:.5rem 1rem}`,
].join('\n')

/** The page's own policy: its inline style by its hash, no script, its forms posting to this endpoint only. */
export const questionsPageCsp = () => ["default-src 'none'", `style-src ${cspHash(style)}`, "base-uri 'none'", "form-action 'self'", "frame-ancestors 'none'"].join('; ')

export type QuestionsPageState = {
  token: string
  questions: AskedQuestion[]
  given: PersonAnswer[]
  holdsSensitiveConsent: boolean
  /** A sentence at the top: saved, withdrawn, or why nothing was saved (then `refused`). */
  notice?: { words: string; refused: boolean }
}

/** The form's field for a question: `q<id>`, and `q<id>.<n>` for each box of several choices. */
export const fieldOf = (questionId: number) => `q${questionId}`

function Question({ question, given }: { question: AskedQuestion; given: PersonAnswer | undefined }) {
  const name = fieldOf(question.id)
  const chosen = given?.answer ?? null
  const isChosen = (choice: string) => (Array.isArray(chosen) ? chosen.includes(choice) : chosen === choice)
  if (question.kind === 'short')
    return (
      <fieldset>
        <legend>{question.wording}</legend>
        <label>
          <span className="muted">{`Your answer (optional, ${questionRules.answerMaxLength} characters at most)`}</span>
          <input type="text" name={name} maxLength={questionRules.answerMaxLength} defaultValue={typeof chosen === 'string' ? chosen : ''} />
        </label>
      </fieldset>
    )
  return (
    <fieldset>
      <legend>{question.wording}</legend>
      {question.choices.map((choice, index) => (
        <label key={choice}>
          {question.kind === 'single' ? (
            <input type="radio" name={name} value={choice} defaultChecked={isChosen(choice)} />
          ) : (
            <input type="checkbox" name={`${name}.${index}`} value={choice} defaultChecked={isChosen(choice)} />
          )}{' '}
          {choice}
        </label>
      ))}
    </fieldset>
  )
}

function QuestionsPage({ state, siteUrl }: { state: QuestionsPageState; siteUrl: string }) {
  const ordinary = state.questions.filter((question) => !question.sensitive)
  const sensitive = state.questions.filter((question) => question.sensitive)
  const givenTo = (question: AskedQuestion) => state.given.find((given) => given.questionId === question.id)
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="A few questions">
      <h1>A few questions</h1>
      {state.notice && (
        <p className="notice" role={state.notice.refused ? 'alert' : 'status'}>
          {state.notice.words}
        </p>
      )}
      <p>{`Your answers help ${brand.companyName} choose who tries the app first. Every question is optional, and your place in line stays the same whatever you answer.`}</p>
      {state.questions.length === 0 ? (
        <p>We have no questions for you right now.</p>
      ) : (
        <form method="post" action={questionsPagePath}>
          <input type="hidden" name="token" value={state.token} />
          {ordinary.map((question) => (
            <Question key={question.id} question={question} given={givenTo(question)} />
          ))}
          {sensitive.length > 0 && (
            <section aria-labelledby="health">
              <h2 id="health">About your health</h2>
              {state.holdsSensitiveConsent ? (
                <p>You said yes to us keeping your answers to these questions. You can take it back below.</p>
              ) : (
                <fieldset>
                  <legend>{sensitiveConsentWording}</legend>
                  <label>
                    <input type="radio" name="consent" value="yes" /> Yes, you may keep my answers to the health questions
                  </label>
                  <label>
                    <input type="radio" name="consent" value="no" /> No, do not keep them
                  </label>
                </fieldset>
              )}
              {sensitive.map((question) => (
                <Question key={question.id} question={question} given={givenTo(question)} />
              ))}
            </section>
          )}
          <button type="submit">Save my answers</button>
        </form>
      )}
      <p>
        <a href={siteLink(siteUrl, '/')}>Skip the questions</a>
      </p>
      {state.holdsSensitiveConsent && (
        <form method="post" action={questionsWithdrawPath}>
          <input type="hidden" name="token" value={state.token} />
          <button type="submit">Take back my yes and delete my health answers</button>
        </form>
      )}
      <p className="muted">{`This page works for ${inWords(questionRules.linkLifetimeMs)}. Open it again from your place in line at any time.`}</p>
    </PrivatePage>
  )
}

function LinkNotWorking({ siteUrl, words }: { siteUrl: string; words: string }) {
  return (
    <PrivatePage style={style} siteUrl={siteUrl} title="Link not working">
      <h1>This link does not work</h1>
      <p>{words}</p>
      <p>
        <a href={siteLink(siteUrl, '/')}>Go to the home page</a>
      </p>
    </PrivatePage>
  )
}

export const renderQuestionsPage = (state: QuestionsPageState, siteUrl: string) => renderPage(<QuestionsPage state={state} siteUrl={siteUrl} />)
export const renderQuestionsLinkNotWorking = (siteUrl: string, words: string) => renderPage(<LinkNotWorking siteUrl={siteUrl} words={words} />)