import { FmeaKindProvider, FmeaProjectList } from '@fmea/fmea-ui';
import { useFmedaKind } from '../kind.tsx';

/** The FMEDA project list: the shared list over FMEDA projects, with the FMEDA route's buttons, its new-project dialog and workbook. */
export default function FmedaProjectList({ basePath }: { basePath: string }) {
  return (
    <FmeaKindProvider kind={useFmedaKind()}>
      <FmeaProjectList basePath={basePath} />
    </FmeaKindProvider>
  );
}
