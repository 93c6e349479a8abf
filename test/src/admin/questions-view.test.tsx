// The console's questions (issue 52) as the team uses them from the keyboard: the list with each question's kind,
// sensitivity, version and counts as the server gave them ("fewer than 5" as given); a question defined by its
// form, an empty one refused in words with the keyboard on them, a refusal of the server's in its words with the
// form kept; a new version that says earlier answers keep theirs; a retirement only after its question.
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createActor, fromPromise } from 'xstate'
import { adminQuestionsMachine, adminQuestionsMessages, type QuestionSave } from '../../../machines/admin-questions-machine'
import type { QuestionRow } from '../../../shared/questions'
import { QuestionsView, questionsViewEffects } from '../../../src/admin/questions-view'
import { questionsSamples } from '../../../tools/admin-questions-model'

function start(refuse?: string) {
  const saved: QuestionSave[] = []
  const retired: number[] = []
  const actor = createActor(
    adminQuestionsMachine.provide({
      actors: {
        fetchQuestions: fromPromise(async () => questionsSamples.questions),
        saveQuestion: fromPromise(async ({ input }) => {
          saved.push(input)
          if (refuse) throw Object.assign(new Error(refuse), { name: 'ServerMessage' })
          const row: QuestionRow = { id: input.id ?? 4, version: input.id === null ? 1 : 3, ...input.input, state: 'asked', answered: 0, chosen: {} }
          return row
        }),
        retireQuestion: fromPromise(async ({ input }) => (retired.push(input.id), { ...questionsSamples.questions.find((row) => row.id === input.id)!, state: 'retired' as const })),
      },
      actions: questionsViewEffects,
    }),
  ).start()
  render(<QuestionsView questions={actor} />)
  return { actor, saved, retired, user: userEvent.setup() }
}

it('lists each question with its kind, sensitivity, version and counts as the server gave them', async () => {
  start()
  const row = await screen.findByRole('row', { name: /^How far do you run in a week\?/ })
  expect(within(row).getByText('Version 2 · Ordinary')).toBeInTheDocument()
  expect(within(row).getByText('One choice')).toBeInTheDocument()
  expect(within(row).getByText('More than 20 km: fewer than 5')).toBeInTheDocument()
  expect(within(screen.getByRole('row', { name: /^Does anything hurt/ })).getByText('Version 1 · Sensitive (health)')).toBeInTheDocument()
  const retired = screen.getByRole('row', { name: /^Which phone/ })
  expect(within(retired).getByText(/Retired$/)).toBeInTheDocument()
  expect(within(retired).queryByRole('button')).toBeNull()
})

it('defines a question from the keyboard, refusing an empty one in words with the keyboard on them', async () => {
  const { saved, user } = start()
  await screen.findByRole('row', { name: /^How far/ })
  await user.click(screen.getByRole('button', { name: 'Define a question' }))
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Define a question' })).toHaveFocus())
  await user.click(screen.getByRole('button', { name: 'Define the question' }))
  expect(await screen.findByRole('alert')).toHaveTextContent(adminQuestionsMessages.noWording)
  await waitFor(() => expect(screen.getByRole('alert').parentElement).toHaveFocus())
  expect(screen.getByRole('checkbox', { name: 'It asks about health' })).toHaveAccessibleDescription(/explicit consent/)
  await user.type(screen.getByRole('textbox', { name: 'The question, as people read it' }), 'Do you run with a watch?')
  await user.type(screen.getByRole('textbox', { name: 'Choices, one a line' }), 'Yes{Enter}No')
  await user.click(screen.getByRole('button', { name: 'Define the question' }))
  expect(await screen.findByText('The question “Do you run with a watch?” is defined. It is asked from now on.')).toHaveRole('status')
  expect(saved).toEqual([{ id: null, input: { kind: 'single', sensitive: false, wording: 'Do you run with a watch?', choices: ['Yes', 'No'] } }])
  expect(screen.getByRole('row', { name: /^Do you run with a watch\?/ })).toBeInTheDocument()
})

it('keeps the form with the server’s words when it refuses a question', async () => {
  const { user } = start('Each choice is offered once.')
  await screen.findByRole('row', { name: /^How far/ })
  await user.click(screen.getByRole('button', { name: 'Define a question' }))
  await user.click(screen.getByRole('radio', { name: 'Several choices' }))
  await user.type(screen.getByRole('textbox', { name: 'The question, as people read it' }), 'What do you run on?')
  await user.type(screen.getByRole('textbox', { name: 'Choices, one a line' }), 'Road{Enter}Road')
  await user.click(screen.getByRole('button', { name: 'Define the question' }))
  expect(await screen.findByRole('alert')).toHaveTextContent('Each choice is offered once.')
  expect(screen.getByRole('textbox', { name: 'Choices, one a line' })).toHaveValue('Road\nRoad')
})

it('writes a new version, saying earlier answers keep theirs, and retires a question only after its question', async () => {
  const { saved, retired, user } = start()
  await user.click(await screen.findByRole('button', { name: 'Edit “How far do you run in a week?”' }))
  expect(screen.getByText(/Saving makes version 3: it is asked from now on, and earlier answers keep the version they answered\./)).toBeInTheDocument()
  expect(screen.queryByRole('radio')).toBeNull()
  const wording = screen.getByRole('textbox', { name: 'The question, as people read it' })
  await user.clear(wording)
  await user.type(wording, 'How far do you run in a usual week?')
  await user.click(screen.getByRole('button', { name: 'Save the new version' }))
  expect(await screen.findByText('The question is now version 3. Earlier answers keep the version they answered.')).toBeInTheDocument()
  expect(saved[0]).toMatchObject({ id: 1, input: { wording: 'How far do you run in a usual week?' } })

  await user.click(screen.getByRole('button', { name: 'Retire “Does anything hurt when you run?”' }))
  const question = await screen.findByRole('alertdialog')
  await waitFor(() => expect(question).toHaveFocus())
  await user.click(within(question).getByRole('button', { name: 'Keep asking it' }))
  expect(retired).toEqual([])
  await user.click(screen.getByRole('button', { name: 'Retire “Does anything hurt when you run?”' }))
  await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Retire the question' }))
  expect(await screen.findByText(/is retired: it is no longer asked/)).toBeInTheDocument()
  expect(retired).toEqual([2])
})
