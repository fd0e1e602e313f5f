import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, CatalogStatusTag, DataGrid, formatDateTime, PageHeader, useGridLabels, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import { describe, RecordLink, TypeFilter, type ReviewRow } from './review-parts.tsx';
import { MyReadApplications } from './read-access.tsx';
import '../personal.css';

/**
 * My applications (spec 000 §2.5): the knowledge-base and master-data records
 * the user applied to have released, in every state since — waiting for the
 * audit or the approval, released, rejected (with the opinion), or back in
 * editing — the latest application first.
 */
export default function MyApplicationsPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const [type, setType] = useState('');

  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.get('/api/message/myApplicationList', { page, limit, type: type || undefined }), [type]);

  const columns = useMemo<DataGridColumn<ReviewRow>[]>(
    () => [
      // widths for a 1400-pixel screen in either language: a status, an English date and time whole; the version shown, as two versions of one record may both be listed
      { id: 'type', header: t`Type`, width: 100, cell: (row) => row.typeName },
      { id: 'serialNum', header: t`Number`, width: 118, hideable: false, cell: (row) => <RecordLink row={row} /> },
      { id: 'description', header: t`Description`, width: 150, hideable: false, accessor: (row) => describe(row, i18n.locale) },
      { id: 'versionNo', header: t`Version`, width: 72, accessor: (row) => `V${row.versionNo}` },
      { id: 'status', header: t`Status`, width: 112, cell: (row) => <CatalogStatusTag status={row.status} /> },
      { id: 'applyTime', header: t`Applied at`, width: 150, accessor: (row) => formatDateTime(row.applyTime, i18n.locale) },
      { id: 'applyRemark', header: t`My remark`, width: 130, hidden: true, accessor: (row) => row.applyRemark ?? '' },
      { id: 'decidedBy', header: t`Decided by`, width: 80, accessor: (row) => (row.approveTime ? row.approvePerson : row.auditPerson) ?? '' },
      { id: 'opinion', header: t`Opinion`, width: 134, accessor: (row) => row.opinion ?? '' },
      { id: 'decidedTime', header: t`Decided at`, width: 150, accessor: (row) => formatDateTime(row.decidedTime, i18n.locale) },
    ],
    [t, i18n.locale],
  );

  return (
    <div className="page" data-testid="my-applications-page">
      <PageHeader title={t`My applications`} />
      <DataGrid<ReviewRow>
        aria-label={t`My applications`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        // the language is part of the query: the server names the types in it
        queryKey={JSON.stringify([type, i18n.locale])}
        labels={labels}
        emptyText={type ? t`You have applied for no record of this type` : t`No applications yet. Records you submit for release from the knowledge base or master data appear here.`}
        toolbar={<TypeFilter value={type} onChange={setType} />}
      />
      <MyReadApplications />
    </div>
  );
}
