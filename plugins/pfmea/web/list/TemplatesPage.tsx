import { TemplatesPage } from '@fmea/plugin-dfmea/web/reuse/TemplatesPage.tsx';
import { FmeaKindProvider } from '@fmea/plugin-dfmea/web/kind.tsx';
import { usePfmeaKind } from '../kind.tsx';

/** The PFMEA templates (TP…): the DFMEA's templates page over process templates. */
export default function PfmeaTemplatesPage({ basePath }: { basePath: string }) {
  return (
    <FmeaKindProvider kind={usePfmeaKind()}>
      <TemplatesPage basePath={basePath} />
    </FmeaKindProvider>
  );
}
