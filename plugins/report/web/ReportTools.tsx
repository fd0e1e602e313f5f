import { useState } from 'react';
import { Trans } from '@lingui/react/macro';
import { api, Button, notifyError, usePermission } from '@fmea/sdk';
import type { ReportKind } from './use-report.ts';

/** Export (the workbook, with the export button) and print (the browser's print, report.css's print rules). */
export function ReportTools({ kind, projectId, serialNum }: { kind: Exclude<ReportKind, 'form'>; projectId?: string; serialNum?: string }) {
  const allowed = usePermission('report_index');
  const [busy, setBusy] = useState(false);
  const exportWorkbook = async () => {
    setBusy(true);
    try {
      await api.download('/api/report/export', `${kind}-report${serialNum ? `-${serialNum}` : ''}.xlsx`, { kind, ...(projectId ? { projectId } : {}) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {allowed('export') ? (
        <Button data-testid="rpt-export" disabled={busy} onClick={() => void exportWorkbook()}>
          <Trans>Export workbook</Trans>
        </Button>
      ) : null}
      <Button data-testid="rpt-print" onClick={() => window.print()}>
        <Trans>Print</Trans>
      </Button>
    </>
  );
}
