import { FmeaProjectList } from '@fmea/plugin-dfmea/web/list/ProjectList.tsx';
import { FmeaKindProvider } from '@fmea/plugin-dfmea/web/kind.tsx';
import { usePfmeaKind } from '../kind.tsx';

/** The PFMEA project list: the DFMEA's list over process projects (projectType pfmea), with the PFMEA route's buttons and header names. */
export default function PfmeaProjectList({ basePath }: { basePath: string }) {
  return (
    <FmeaKindProvider kind={usePfmeaKind()}>
      <FmeaProjectList basePath={basePath} />
    </FmeaKindProvider>
  );
}
