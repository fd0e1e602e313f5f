import { useMemo } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { api } from '@fmea/sdk';
import { DFMEA_KIND, type FmeaKind } from '@fmea/fmea-ui';
import { NewDrbfmDialog } from './list/NewDrbfmDialog.tsx';
import './drbfm.css';

/** The DRBFM sheet as a workbook (the classic columns, headers in the user's language). */
export const exportDrbfm = (project: { id: string; serialNum: string }) => api.download('/api/drbfm/exportData', `DRBFM-${project.serialNum}.xlsx`, { projectId: project.id });

/**
 * The DRBFM as a kind of the shared FMEA pages: DRBFM projects, the DRBFM route's buttons, members with one role
 * each (a design-side review), its own new-project dialog (from an EWO or entered) and its sheet as the workbook;
 * it imports nothing from a file.
 */
export function useDrbfmKind(): FmeaKind {
  const { t, i18n } = useLingui();
  return useMemo(
    () => ({
      ...DFMEA_KIND,
      projectType: 'drbfm',
      listTypes: [{ type: 'drbfm', label: msg`DRBFM` }],
      route: 'drbfm_index',
      memberKind: 'design',
      texts: {
        listTitle: t`DRBFM projects`,
        newProject: t`New DRBFM`,
        templatesTitle: t`FMEA templates`,
        headerLegend: t`DRBFM header`,
        headerLabels: { fmeaIdNumber: t`DRBFM ID number`, startDate: t`DRBFM start date`, revisionDate: t`DRBFM revision date` },
      },
      workbook: { NewProjectDialog: NewDrbfmDialog, exportProject: exportDrbfm },
    }),
    // the texts follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.locale],
  );
}
