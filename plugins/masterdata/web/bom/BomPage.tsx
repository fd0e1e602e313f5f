import { Trans } from '@lingui/react/macro';
import type { AreaPageProps } from '@fmea/workbench/sdk';

/** The BOM page (being built): a product's tree of parts, import and export. */
export default function BomPage(_props: AreaPageProps) {
  return (
    <section data-testid="bom-page">
      <Trans>Bill of materials</Trans>
    </section>
  );
}
