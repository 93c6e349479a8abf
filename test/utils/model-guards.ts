// The guard tests of a model-based UI suite (test/src/waitlist/*.test.tsx): they keep the model honest, so that
// the paths a suite replays cannot quietly miss a state or a transition of its machine. A suite keys one UI
// assertion per state; these check that it has one for every state and for no other name, that its paths
// take every transition the machine defines, and that they end in every state.
// Call it at the top level of a test file: it registers a describe block of its own.
import { describe, expect, it } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { definedTransitions, describeTransition, transitionsTaken, type ModelPath } from '../../tools/admin-model'

export interface ModelGuards {
  machine: AnyStateMachine
  /** The paths the suite replays in the UI. */
  paths: readonly ModelPath[]
  /** The suite's UI assertions, keyed by state name. */
  uiAssertions: object
  /** The states the UI must show: every state of the machine unless said. */
  stateNames?: readonly string[]
  /** What the test names call those states: 'state' unless said (e.g. 'resting state'). */
  stateWord?: string
  /** Transitions the UI paths cannot take, described, and why not (said in the test name). */
  notTaken?: { but: string; transitions: string[] }
  /** States the suite shows outside its generated paths, in tests of their own. */
  alsoEndsIn?: string[]
  /** Check the UI assertions' names in two tests (every state has one; none names another) rather than one. */
  splitNameChecks?: boolean
}

/** Registers `<suite>: guard tests`. */
export function describeModelGuards(suite: string, guards: ModelGuards) {
  const { machine, paths, uiAssertions, stateWord = 'state', notTaken, alsoEndsIn = [], splitNameChecks = false } = guards
  const stateNames = guards.stateNames ?? Object.keys(machine.root.states)
  const expectEveryState = () => expect(stateNames.filter((name) => !(name in uiAssertions))).toEqual([])
  const expectOnlyRealStates = () => expect(Object.keys(uiAssertions).filter((name) => !stateNames.includes(name))).toEqual([])

  describe(`${suite}: guard tests`, () => {
    if (splitNameChecks) {
      it(`has a UI assertion for every ${stateWord} of the machine`, expectEveryState)
      it('names only real states in its UI assertions', expectOnlyRealStates)
    } else {
      it(`has a UI assertion for every ${stateWord} of the machine, and names only real states`, () => {
        expectEveryState()
        expectOnlyRealStates()
      })
    }

    it(`replays paths that take every transition of the machine${notTaken ? ` (but ${notTaken.but})` : ''}`, () => {
      const taken = new Set(paths.flatMap((path) => transitionsTaken(machine, path)))
      expect(definedTransitions(machine).filter((t) => !taken.has(t)).map(describeTransition)).toEqual(notTaken?.transitions ?? [])
    })

    it(`replays paths that end in every ${stateWord}`, () => {
      expect(new Set([...paths.map((path) => path.edge.to.value), ...alsoEndsIn])).toEqual(new Set(stateNames))
    })
  })
}
