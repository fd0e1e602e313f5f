import { FmeaKindProvider, FmeaProjectList } from '@fmea/fmea-ui';
import { usePfmeaKind } from '../kind.tsx';

/** The PFMEA project list: the shared list over process projects (projectType pfmea), with the PFMEA route's buttons and header names. */
export default function PfmeaProjectList({ basePath }: { basePath: string }) {
  return (
    <FmeaKindProvider kind={usePfmeaKind()}>
      <FmeaProjectList basePath={basePath} />
    </FmeaKindProvider>
  );
}
