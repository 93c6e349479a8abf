// @vitest-environment node
import { createActor } from 'xstate'
import { headerMachine, headerScrollThreshold } from '../../machines/header-machine'

function headerAt(...positions: number[]) {
  const actor = createActor(headerMachine).start()
  for (const y of positions) actor.send({ type: 'SCROLLED', y })
  return actor.getSnapshot().value
}

describe('header machine', () => {
  it('uses the 10 px scroll threshold of the product rules', () => {
    expect(headerScrollThreshold).toBe(10)
  })

  it('starts transparent', () => {
    expect(headerAt()).toBe('transparent')
  })

  it('stays transparent at 10 px and turns solid at 11 px', () => {
    expect(headerAt(10)).toBe('transparent')
    expect(headerAt(11)).toBe('solid')
  })

  it('turns transparent again when scrolled back to 10 px or less', () => {
    expect(headerAt(200, 10)).toBe('transparent')
    expect(headerAt(200, 0)).toBe('transparent')
    expect(headerAt(200, 11)).toBe('solid')
  })
})
