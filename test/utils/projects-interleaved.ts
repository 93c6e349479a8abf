// The order vitest runs a run's files in (vitest.config.ts `sequence.sequencer`). Its own order puts each project's
// files after the previous project's (by name: `main`, then `postgres`), the slowest or largest first within each,
// so a run ended on PostgreSQL files alone. Here the two projects are merged, each file at its place within its
// own project, so that both halves start early and the small files of both are what is left at the end.
import { BaseSequencer, type TestSpecification } from 'vitest/node'

export class ProjectsInterleaved extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byProject = new Map<string, TestSpecification[]>()
    for (const spec of await super.sort(files)) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec])
    return [...byProject.values()]
      .flatMap((specs) => specs.map((spec, index) => ({ spec, at: index / specs.length })))
      .sort((a, b) => a.at - b.at)
      .map(({ spec }) => spec)
  }
}
