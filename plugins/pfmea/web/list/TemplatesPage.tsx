import { FmeaKindProvider, TemplatesPage } from '@fmea/fmea-ui';
import { usePfmeaKind } from '../kind.tsx';

/** The PFMEA templates (TP…): the shared templates page over process templates. */
export default function PfmeaTemplatesPage({ basePath }: { basePath: string }) {
  return (
    <FmeaKindProvider kind={usePfmeaKind()}>
      <TemplatesPage basePath={basePath} />
    </FmeaKindProvider>
  );
}
