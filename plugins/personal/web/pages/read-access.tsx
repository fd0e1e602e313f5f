import { useCallback, useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, DataGrid, Dialog, formatDateTime, notify, notifyError, refreshMessageCount, TextArea, useGridLabels, type ApiData, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';

/** A read-access application for an FMEA project (docs/domain/messages.md). */
type Application = ApiData<'/api/message/myReadApprovalList'>['items'][number];

function useStatusName() {
  const { t } = useLingui();
  return (status: Application['status']) => ({ pending: t`Waiting`, agreed: t`Agreed`, disagreed: t`Disagreed` })[status];
}

function useCommonColumns(): DataGridColumn<Application>[] {
  const { t, i18n } = useLingui();
  const statusName = useStatusName();
  return [
    { id: 'projectSerialNum', header: t`Project`, width: 120, hideable: false, accessor: (row) => row.projectSerialNum },
    { id: 'projectName', header: t`Project name`, width: 160, accessor: (row) => row.projectName },
    { id: 'projectType', header: t`FMEA type`, width: 80, accessor: (row) => row.projectType.toUpperCase() },
    { id: 'status', header: t`Status`, width: 90, accessor: (row) => statusName(row.status) },
    { id: 'applyTime', header: t`Applied at`, width: 150, accessor: (row) => formatDateTime(row.applyTime, i18n.locale) },
    { id: 'applyRemark', header: t`Applicant's remark`, width: 140, accessor: (row) => row.applyRemark ?? '' },
  ];
}

/** My applications, read access: the user's applications to read FMEA projects and their answers. */
export function MyReadApplications() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const common = useCommonColumns();
  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.get('/api/message/myReadApplicationList', { page, limit }), []);
  const columns = useMemo<DataGridColumn<Application>[]>(
    () => [
      ...common,
      { id: 'approvePerson', header: t`Decided by`, width: 90, accessor: (row) => row.approvePerson ?? '' },
      { id: 'approveRemark', header: t`Opinion`, width: 134, accessor: (row) => row.approveRemark ?? '' },
      { id: 'approveTime', header: t`Decided at`, width: 150, accessor: (row) => formatDateTime(row.approveTime, i18n.locale) },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.locale],
  );
  return (
    <section className="read-access" data-testid="read-applications">
      <h3>
        <Trans>Read access to FMEA projects</Trans>
      </h3>
      <DataGrid<Application> aria-label={t`Read access to FMEA projects`} columns={columns} rowKey={(row) => row.serialNum} fetchPage={fetchPage} queryKey={i18n.locale} labels={labels} emptyText={t`You have not applied to read an FMEA project.`} />
    </section>
  );
}

/** My approvals, read access: applications to read the FMEA projects the user is responsible for, agreed or refused here with a remark. */
export function ReadApprovals({ tab }: { tab: 'pending' | 'processed' }) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const common = useCommonColumns();
  const [reloadKey, setReloadKey] = useState(0);
  const [deciding, setDeciding] = useState<{ row: Application; agree: boolean } | null>(null);
  const [remark, setRemark] = useState('');
  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.get('/api/message/myReadApprovalList', { tab, page, limit }), [tab]);

  async function decide() {
    if (!deciding) return;
    try {
      const path = deciding.agree ? '/api/message/agreeApplication' : '/api/message/disagreeApplication';
      await api.get(path, { serialNum: deciding.row.serialNum, remark: remark.trim() || undefined });
      notify('success', deciding.agree ? t`Agreed: the applicant can now read the project` : t`Disagreed`);
      setDeciding(null);
      setReloadKey((k) => k + 1);
      void refreshMessageCount();
    } catch (e) {
      notifyError(e);
    }
  }

  const columns = useMemo<DataGridColumn<Application>[]>(
    () => [
      ...common,
      { id: 'applyPerson', header: t`Applicant`, width: 90, accessor: (row) => row.applyPerson },
      tab === 'pending'
        ? {
            id: 'actions',
            header: t`Actions`,
            width: 120,
            hideable: false,
            cell: (row) =>
              row.canDecide ? (
                <span className="review-actions">
                  <Button kind="link" data-testid="read-agree" onClick={() => (setRemark(''), setDeciding({ row, agree: true }))}>
                    <Trans>Agree</Trans>
                  </Button>
                  <Button kind="link" data-testid="read-disagree" onClick={() => (setRemark(''), setDeciding({ row, agree: false }))}>
                    <Trans>Disagree</Trans>
                  </Button>
                </span>
              ) : null,
          }
        : { id: 'approveTime', header: t`Decided at`, width: 150, accessor: (row) => `${row.approvePerson ?? ''} ${formatDateTime(row.approveTime, i18n.locale)}` },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.locale, tab],
  );

  return (
    <section className="read-access" data-testid="read-approvals">
      <h3>
        <Trans>Read access to FMEA projects</Trans>
      </h3>
      <DataGrid<Application>
        aria-label={t`Read access to FMEA projects`}
        columns={columns}
        rowKey={(row) => row.serialNum}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        queryKey={JSON.stringify([tab, i18n.locale])}
        labels={labels}
        emptyText={tab === 'pending' ? t`No application to read your FMEA projects waits for you.` : t`No application to read your FMEA projects has been decided yet.`}
      />
      <Dialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={deciding?.agree ? t`Agree to the application` : t`Disagree with the application`}
        actions={
          <>
            <Button onClick={() => setDeciding(null)}>{t`Cancel`}</Button>
            <Button kind="primary" data-testid="read-decide" onClick={() => void decide()}>
              {deciding?.agree ? t`Agree` : t`Disagree`}
            </Button>
          </>
        }
      >
        {deciding ? (
          <div data-testid="read-decide-dialog">
            <p>
              <Trans>
                {deciding.row.applyPerson} applies to read {deciding.row.projectSerialNum} {deciding.row.projectName}.
              </Trans>
            </p>
            <TextArea aria-label={t`Remark`} maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} />
          </div>
        ) : null}
      </Dialog>
    </section>
  );
}
