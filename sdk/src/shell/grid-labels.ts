import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { DataGridLabels } from '../components/data-grid/index.ts';

/** The DataGrid's strings in the current language. */
export function useGridLabels(): DataGridLabels {
  const { t } = useLingui();
  return {
    total: (count) => plural(count, { one: '# item', other: '# items' }),
    pageOf: (page, pageCount) => t`Page ${page} of ${pageCount}`,
    pageSize: t`Rows per page`,
    pageSizeOption: (size) => t`${size} / page`,
    firstPage: t`First page`,
    previousPage: t`Previous page`,
    nextPage: t`Next page`,
    lastPage: t`Last page`,
    columns: t`Columns`,
    loading: t`Loading…`,
    noPermission: t`You have no permission for this row`,
    saveError: t`The change could not be saved`,
    loadError: t`The data could not be loaded`,
    marker: t`Marker`,
    // spec 000 §6: own row red, another user's row orange, no permission grey
    markerLegend: {
      mycompiled: t`Created by you: you may edit it`,
      myreadable: t`Created by another user: read only for you`,
      noPermission: t`You have no permission for this row`,
    },
    invalidNumber: t`Enter a number, or nothing to clear the cell.`,
    resizeColumn: (name) => t`Width of column ${name}`,
    resetWidths: t`Default column widths`,
  };
}
