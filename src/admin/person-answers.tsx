// A person's answers to the questions (issue 52) on their page: each with the wording of the version it answered.
// A health (sensitive) answer comes from the server only to a member with answers:sensitive:read; to anyone else
// the row says it is not shown, and the page never re-derives that rule.
import type { PersonAnswers as Answers } from '../../shared/questions'
import { consoleTime, consoleTimeOr } from './console-time'
import { TitledListTable } from './list-table'
import { useAllows } from './permissions'

export function PersonAnswers({ answers }: { answers: Answers }) {
  const readsHealth = useAllows('answers:sensitive:read')
  const consent = answers.sensitiveConsent
  const hidden = readsHealth ? 'Cannot be read with this server’s key' : 'A health answer: not shown to your role'
  return (
    <>
      <TitledListTable id="person-answers" heading="Answers" instead={answers.given.length === 0 ? 'They have answered no questions.' : null} columns={['Question', 'Version', 'Answer', 'Answered']}>
        {answers.given.map((given) => (
          <tr key={given.questionId}>
            <td>{given.sensitive ? `${given.wording} (health)` : given.wording}</td>
            <td>{given.version}</td>
            <td>{given.answer === null ? hidden : Array.isArray(given.answer) ? given.answer.join(', ') : given.answer}</td>
            <td>{consoleTime(given.answeredAt)}</td>
          </tr>
        ))}
      </TitledListTable>
      {consent && <p>{`Consent to the health questions: given ${consoleTimeOr(consent.givenAt, 'never')} (wording ${consent.version})${consent.withdrawnAt ? `, taken back ${consoleTime(consent.withdrawnAt)}` : ''}.`}</p>}
    </>
  )
}
