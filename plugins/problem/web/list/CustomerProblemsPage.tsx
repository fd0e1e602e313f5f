import type { AreaPageProps } from '@fmea/sdk';
import { ProblemList } from './ProblemList.tsx';

/** The customer problems (the spec's fawProblem_index, granted on its own route): the same list, customer problems only. */
export default function CustomerProblemsPage({ basePath }: AreaPageProps) {
  return <ProblemList customer detailPath={`${basePath}/problemDetail`} />;
}
