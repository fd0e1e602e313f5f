import type { AreaPageProps } from '@fmea/sdk';
import { ProblemList } from './ProblemList.tsx';

/** The problem list (problem_index), the area's landing page. */
export default function ProblemListPage({ basePath }: AreaPageProps) {
  return <ProblemList customer={false} detailPath={`${basePath}/problemDetail`} />;
}
