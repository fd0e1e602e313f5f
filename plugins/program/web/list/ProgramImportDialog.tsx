import { Trans, useLingui } from '@lingui/react/macro';
import { api, WorkbookImportDialog } from '@fmea/sdk';

/**
 * The spec's program import (POST /program/importData, spec 001 §7): a sheet in the template's columns
 * (GET /program/exportDescription), all or nothing; rows naming an existing program are left as they are.
 */
export function ProgramImportDialog({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const { t } = useLingui();
  return (
    <WorkbookImportDialog
      title={<Trans>Import programs</Trans>}
      refusals={['import.columns_unmapped', 'program.import_invalid']}
      upload={(excelFile, acceptUnmapped) => api.upload('/api/program/importData', { excelFile, acceptUnmapped })}
      template={() => api.download('/api/program/exportDescription', `${t`Program import template`}.xlsx`)}
      summary={({ created, skipped }) => (
        <Trans>
          {created} created, {skipped} left out as already there.
        </Trans>
      )}
      testId="program-import"
      onClose={onClose}
      onImported={onImported}
    />
  );
}
