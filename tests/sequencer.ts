import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order `npm test` starts its files in (vitest.config.ts). Two workers share two cores, and the
 * browser tests leave a core partly idle while they wait on chromium and the server, so:
 *
 * - the type check first: two tsc processes (≈ 23 s of CPU cold, as on CI) beside the workbench's tests and
 *   the first browser tests, rather than alone at the end;
 * - then the workbench's tests, the browser tests, the service and route tests on PostgreSQL, and the node tests last: their many small files end the
 *   run with both cores busy (vitest starts projects one after another by name; a worker that keeps its
 *   module graph is reused only by the next file of its project, so a project's files stay together);
 * - in a project, the files that run longest first (vitest's own order: the last run's durations when it
 *   has them, else the largest files), with the ones below ahead of all: small files that load the demo
 *   dataset or spawn a server, which a fresh checkout's size order starts last, and the run then ends on
 *   them alone.
 */
const PROJECTS = ['typecheck', 'workbench', 'e2e', 'postgres', 'node'];
const LONGEST = [/\/fixtures\/src\/demo\.test\.ts$/, /\/cli\/src\/commands\/db\/db\.test\.ts$/, /\/cli\/src\/commands\/serve\/serve\.test\.ts$/];

const projectRank = (spec: TestSpecification) => {
  const index = PROJECTS.indexOf(spec.project.name);
  return index === -1 ? PROJECTS.length : index;
};
const longestRank = (spec: TestSpecification) => (LONGEST.some((pattern) => pattern.test(spec.moduleId)) ? 0 : 1);

export default class Sequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, index) => [spec, index]));
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        projectRank(a) - projectRank(b) ||
        longestRank(a) - longestRank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
