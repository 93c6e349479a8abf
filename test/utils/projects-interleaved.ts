// The order vitest runs a run's files in (vitest.config.ts `sequence.sequencer`). Its own order puts each project's
// files after the previous project's (by name: `main`, then `postgres`), the slowest or largest first within each,
// so a run ended on PostgreSQL files alone. Here the isolated projects' files are merged, each file at its place
// within its own project, so that both start early; then come the files that share workers, project by project.
//
// Those go in one stretch each because vitest keeps a shared worker for the next file only when the file next in
// its queue is of the same project (vitest's pool, `sharedRunners`): a shared file between isolated ones would get
// a new worker, and import every module again, as an isolated one does. The run ends on `main-shared`, whose
// small files, each a fraction of a second once the modules are in, fill the last workers evenly.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

/** The projects whose files share workers, in the order they run, after the isolated ones. */
const sharedInOrder = ['postgres-shared', 'main-shared']

export class ProjectsInterleaved extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>()
    for (const spec of await super.sort(files)) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec])
    const isolated = [...byProject]
      .filter(([name]) => !sharedInOrder.includes(name))
      .flatMap(([, specs]) => specs.map((spec, index) => ({ spec, at: index / specs.length })))
      .sort((a, b) => a.at - b.at)
      .map(({ spec }) => spec)
    return [...isolated, ...sharedInOrder.flatMap((name) => byProject.get(name) ?? [])]
  }
}
