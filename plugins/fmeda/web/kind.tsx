import { useMemo } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { api } from '@fmea/sdk';
import { DFMEA_KIND, type FmeaKind } from '@fmea/fmea-ui';
import { NewFmedaDialog } from './list/NewFmedaDialog.tsx';
import { ImportFmedaDialog } from './list/ImportFmedaDialog.tsx';
import './fmeda.css';

/** The worksheet and metrics workbook of an FMEDA (what its import reads back). */
export const exportFmeda = (project: { id: string; serialNum: string }) => api.download('/api/fmeda/exportData', `FMEDA-${project.serialNum}.xlsx`, { projectId: project.id });

/**
 * The FMEDA as a kind of the shared FMEA pages: FMEDA projects, the FMEDA route's buttons, members with
 * one role each (a design-side analysis), its own new-project dialog (from scratch or generated from a
 * DFMEA) and its worksheet workbook instead of the AIAG-VDA form.
 */
export function useFmedaKind(): FmeaKind {
  const { t, i18n } = useLingui();
  return useMemo(
    () => ({
      ...DFMEA_KIND,
      projectType: 'fmeda',
      listTypes: [{ type: 'fmeda', label: msg`FMEDA` }],
      route: 'fmeda_index',
      memberKind: 'design',
      texts: {
        listTitle: t`FMEDA projects`,
        newProject: t`New FMEDA`,
        templatesTitle: t`FMEA templates`,
        headerLegend: t`FMEDA header`,
        headerLabels: { fmeaIdNumber: t`FMEDA ID number`, startDate: t`FMEDA start date`, revisionDate: t`FMEDA revision date` },
      },
      workbook: { NewProjectDialog: NewFmedaDialog, ImportDialog: ImportFmedaDialog, exportProject: exportFmeda },
    }),
    // the texts follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [i18n.locale],
  );
}
