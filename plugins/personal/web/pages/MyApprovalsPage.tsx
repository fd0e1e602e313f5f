import { useCallback, useMemo, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATALOG_TYPES, isCatalogTypeId } from '@fmea/core/domain';
import { api, CatalogStatusTag, Button, CatalogReviewDialog, DataGrid, formatDateTime, notify, PageHeader, refreshMessageCount, useGridLabels, type CatalogReviewAction, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import { describe, RecordLink, TypeFilter, type ReviewRow } from './review-parts.tsx';
import { ReadApprovals } from './read-access.tsx';
import '../personal.css';

type Tab = 'pending' | 'processed';

/**
 * My approvals (spec 000 §2.5, 001 §4): the knowledge-base and master-data
 * records waiting for the user's audit or approval, each audited, approved
 * or rejected here with an opinion; and, under Processed, the user's own
 * decisions with the record as it stands now.
 */
export default function MyApprovalsPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const [tab, setTab] = useState<Tab>('pending');
  const [type, setType] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const [acting, setActing] = useState<{ row: ReviewRow; action: Exclude<CatalogReviewAction, 'apply'> } | null>(null);

  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.get('/api/message/myApprovalList', { tab, page, limit, type: type || undefined }), [tab, type]);

  const decisionName = (action: string) => ({ audit: t`Audited`, approve: t`Approved`, reject: t`Rejected` })[action] ?? action;

  const columns = useMemo<DataGridColumn<ReviewRow>[]>(() => {
    const common: DataGridColumn<ReviewRow>[] = [
      // widths that fit a 1366-pixel screen in either language: numbers, statuses, actions and an English date and time whole (texts show the rest on hover)
      { id: 'type', header: t`Type`, width: 90, cell: (row) => row.typeName },
      { id: 'serialNum', header: t`Number`, width: 128, hideable: false, cell: (row) => <RecordLink row={row} /> },
      { id: 'description', header: t`Description`, width: 124, hideable: false, accessor: (row) => describe(row, i18n.locale) },
      { id: 'versionNo', header: t`Version`, width: 72, hidden: true, accessor: (row) => `V${row.versionNo}` },
      { id: 'status', header: t`Status`, width: 128, cell: (row) => <CatalogStatusTag status={row.status} /> },
      { id: 'applyPerson', header: t`Applicant`, width: 96, accessor: (row) => row.applyPerson ?? '' },
    ];
    if (tab === 'processed') {
      return [
        ...common,
        { id: 'decision', header: t`My decision`, width: 100, accessor: (row) => (row.decision ? decisionName(row.decision.action) : '') },
        { id: 'decisionOpinion', header: t`My opinion`, width: 160, accessor: (row) => row.decision?.opinion ?? '' },
        { id: 'decisionTime', header: t`Decided at`, width: 150, accessor: (row) => formatDateTime(row.decision?.time, i18n.locale) },
      ];
    }
    return [
      ...common,
      { id: 'applyTime', header: t`Applied at`, width: 152, accessor: (row) => formatDateTime(row.applyTime, i18n.locale) },
      { id: 'applyRemark', header: t({ message: 'Remark', context: 'the applicant’s, beside the applicant' }), width: 88, accessor: (row) => row.applyRemark ?? '' },
      { id: 'auditRemark', header: t`Audit opinion`, width: 88, accessor: (row) => row.auditRemark ?? '' },
      {
        id: 'actions',
        header: t`Actions`,
        width: 140,
        hideable: false,
        cell: (row) => (
          <span className="review-actions">
            {row.can.audit ? (
              <Button kind="link" data-testid="review-audit" onClick={() => setActing({ row, action: 'audit' })}>
                <Trans>Audit</Trans>
              </Button>
            ) : null}
            {row.can.approve ? (
              <Button kind="link" data-testid="review-approve" onClick={() => setActing({ row, action: 'approve' })}>
                <Trans>Approve</Trans>
              </Button>
            ) : null}
            {row.can.reject ? (
              <Button kind="link" data-testid="review-reject" onClick={() => setActing({ row, action: 'reject' })}>
                <Trans>Reject</Trans>
              </Button>
            ) : null}
          </span>
        ),
      },
    ];
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.locale, tab]);

  const done = () => {
    const action = acting?.action;
    setActing(null);
    notify('success', action === 'audit' ? t`Audited` : action === 'approve' ? t`Approved and released` : t`Rejected back to the author`);
    setReloadKey((k) => k + 1);
    // one record less waits for the user: the badge counts again
    void refreshMessageCount();
  };

  return (
    <div className="page" data-testid="my-approvals-page">
      <PageHeader title={t`My approvals`} />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <Tabs.List className="personal-tabs-list" aria-label={t`My approvals`}>
          <Tabs.Trigger className="personal-tab" value="pending" data-testid="tab-pending">
            <Trans>Waiting for me</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className="personal-tab" value="processed" data-testid="tab-processed">
            <Trans>Processed</Trans>
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      <DataGrid<ReviewRow>
        aria-label={tab === 'pending' ? t`Waiting for me` : t`Processed`}
        columns={columns}
        rowKey={(row) => (row.decision ? `${row.id}:${row.decision.action}:${row.decision.time}` : row.id)}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        // a new tab or type starts again on page 1; the language is part of the query (type names)
        queryKey={JSON.stringify([tab, type, i18n.locale])}
        labels={labels}
        emptyText={tab === 'pending' ? t`Nothing waits for your audit or approval.` : t`You have not audited, approved or rejected anything yet.`}
        toolbar={<TypeFilter value={type} onChange={setType} />}
      />
      <ReadApprovals tab={tab} />
      {acting && isCatalogTypeId(acting.row.type) ? (
        <CatalogReviewDialog type={CATALOG_TYPES[acting.row.type]} row={acting.row} action={acting.action} description={describe(acting.row, i18n.locale)} onClose={() => setActing(null)} onDone={done} />
      ) : null}
    </div>
  );
}
