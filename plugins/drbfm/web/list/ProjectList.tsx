import { FmeaKindProvider, FmeaProjectList } from '@fmea/fmea-ui';
import { useDrbfmKind } from '../kind.tsx';

/** The DRBFM project list: the shared list over DRBFM projects, with the DRBFM route's buttons, its new-project dialog and sheet. */
export default function DrbfmProjectList({ basePath }: { basePath: string }) {
  return (
    <FmeaKindProvider kind={useDrbfmKind()}>
      <FmeaProjectList basePath={basePath} />
    </FmeaKindProvider>
  );
}
