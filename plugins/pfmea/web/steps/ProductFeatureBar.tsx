import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { pfmeaArea } from '@fmea/core/domain';
import { api, Button, can, notifyError, session } from '@fmea/sdk';
import { ProductFeatureImport } from './ProductFeatureImport.tsx';

/**
 * The PFMEA's product characteristic list (spec 001 §7 pfmeaProductFeature)
 * above the function analysis: export it as a sheet, import one back. Each
 * button needs the PFMEA area's button of that name; importing also needs an
 * editing member (the server checks both again).
 */
export function ProductFeatureBar({ projectId, serialNum, readOnly, onImported }: { projectId: string; serialNum: string; readOnly: boolean; onImported: () => void }) {
  const { t } = useLingui();
  const [importing, setImporting] = useState(false);
  const canExport = can(session.user, pfmeaArea.routeName, 'export');
  const canImport = !readOnly && can(session.user, pfmeaArea.routeName, 'import');
  if (!canExport && !canImport) return null;
  return (
    <div className="dfmea-toolbar pfmea-features-bar" role="toolbar" aria-label={t`Product characteristic list`}>
      <span className="muted">
        <Trans>Product characteristic list</Trans>
      </span>
      {canExport ? (
        <Button
          data-testid="pfmea-features-export"
          onClick={() => void api.download('/api/pfmeaProductFeature/exportData', t`${serialNum}-product-characteristics.xlsx`, { pfmeaProjectSerial: projectId }).catch(notifyError)}
        >
          <Trans>Export</Trans>
        </Button>
      ) : null}
      {canImport ? (
        <Button data-testid="pfmea-features-import" onClick={() => setImporting(true)}>
          <Trans>Import</Trans>
        </Button>
      ) : null}
      {importing ? <ProductFeatureImport projectId={projectId} onClose={() => setImporting(false)} onImported={onImported} /> : null}
    </div>
  );
}
