// @vitest-environment node
// The Copy button's machine (machines/copy-machine.ts) on a real actor: one press asks the clipboard once with the
// text it carried, a refusal says how to copy by hand, and another press asks again.
import { createActor, fromPromise, waitFor } from 'xstate'
import { copyMachine } from '../../machines/copy-machine'

function start(answers: ('yes' | 'no')[]) {
  const asked: string[] = []
  const actor = createActor(
    copyMachine.provide({
      actors: {
        writeText: fromPromise<void, string>(async ({ input }) => {
          asked.push(input)
          if (answers[asked.length - 1] === 'no') throw new DOMException('Denied', 'NotAllowedError')
        }),
      },
    }),
  ).start()
  return { actor, asked }
}

it('copies the text the press carried, once, and a second press copies again', async () => {
  const { actor, asked } = start(['yes', 'yes'])
  actor.send({ type: 'COPY', text: 'whsec_one' })
  expect(actor.getSnapshot().hasTag('busy')).toBe(true)
  // A press while the clipboard answers asks nothing more.
  expect(actor.getSnapshot().can({ type: 'COPY', text: 'whsec_one' })).toBe(false)
  await waitFor(actor, (snapshot) => snapshot.matches('copied'))
  actor.send({ type: 'COPY', text: 'whsec_two' })
  await waitFor(actor, (snapshot) => snapshot.matches('copied'))
  expect(asked).toEqual(['whsec_one', 'whsec_two'])
})

it('says the browser refused, and tries again on the next press', async () => {
  const { actor, asked } = start(['no', 'yes'])
  actor.send({ type: 'COPY', text: 'wlk_key' })
  await waitFor(actor, (snapshot) => snapshot.matches('refused'))
  actor.send({ type: 'COPY', text: 'wlk_key' })
  await waitFor(actor, (snapshot) => snapshot.matches('copied'))
  expect(asked).toEqual(['wlk_key', 'wlk_key'])
})
