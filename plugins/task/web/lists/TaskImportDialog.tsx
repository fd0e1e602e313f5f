import { Trans, useLingui } from '@lingui/react/macro';
import { api, WorkbookImportDialog } from '@fmea/sdk';

/**
 * Task import (spec 001 §7: xls/xlsx only), all or nothing: a file with wrong rows is refused with each row's
 * problem (its number, the column, what is wrong) and nothing is written.
 */
export function TaskImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  return (
    <WorkbookImportDialog
      title={<Trans>Import tasks</Trans>}
      refusals={['import.columns_unmapped', 'task.import_invalid']}
      upload={(excelFile, acceptUnmapped) => api.upload('/api/task/importData', { excelFile, acceptUnmapped })}
      template={() => api.download('/api/task/exportDescription', `${t`Task import template`}.xlsx`)}
      summary={({ created, skipped }) => (
        <Trans>
          {created} tasks created, {skipped} left out as already there.
        </Trans>
      )}
      testId="task-import"
      onClose={onClose}
      onImported={onImported}
    />
  );
}
