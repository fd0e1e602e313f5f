import { useCallback, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, DataGrid, type DataGridColumn, type DataGridQuery, formatDateTime, notify, notifyError, PageHeader, Select, usePermission } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import { NoticeDialog, useNoticeTypeLabel, type Notice } from './NoticeDialog.tsx';
import '../../system.css';

/** Notices (spec 000 §3 "Notice", §7 "Notices"): list with status, create/edit, publish/withdraw, delete. */
export default function NoticesPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_notice');
  const labels = useGridLabels();
  const typeLabel = useNoticeTypeLabel();
  const [status, setStatus] = useState<Notice['status'] | ''>('');
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const reload = () => setReloadKey((n) => n + 1);

  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.get('/api/notice/list', { page, limit, status: status || undefined }), [status]);

  const statusLabel = (s: string) => (s === '1' ? t`Published` : s === '2' ? t`Withdrawn` : t`Draft`);

  async function setNoticeStatus(n: Notice, next: '0' | '1' | '2') {
    const message = next === '1' ? t`Publish "${n.title}"? Every signed-in user is told at once.` : t`Withdraw "${n.title}"? Users no longer see it.`;
    if (!(await confirm({ title: next === '1' ? t`Publish notice` : t`Withdraw notice`, message }))) return;
    try {
      await api.post('/api/notice/updateStatus', { id: n.id, status: next });
      notify('success', next === '1' ? t`Notice published` : t`Notice withdrawn`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  }

  async function remove(n: Notice) {
    if (!(await confirm({ title: t`Delete notice`, message: t`Delete the notice "${n.title}"?`, danger: true }))) return;
    try {
      await api.post('/api/notice/delete', { id: n.id });
      notify('success', t`Notice deleted`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  }

  const hasActions = (['edit', 'publish', 'del'] as const).some(allowed);
  const columns = ([
    { id: 'number', header: t`Number`, accessor: 'number', width: 130 },
    { id: 'title', header: t`Title`, accessor: 'title', width: 260, hideable: false },
    { id: 'type', header: t`Type`, accessor: (n) => typeLabel(n.type), width: 120 },
    {
      id: 'status',
      header: t`Status`,
      width: 100,
      cell: (n) => <span className={`sys-tag ${n.status === '1' ? 'sys-tag-ok' : n.status === '2' ? 'sys-tag-muted' : ''}`}>{statusLabel(n.status)}</span>,
    },
    { id: 'publishTime', header: t`Published`, accessor: (n) => formatDateTime(n.publishTime, i18n.locale), width: 150 },
    { id: 'createTime', header: t`Created`, accessor: (n) => formatDateTime(n.createTime, i18n.locale), width: 150 },
    {
      id: 'actions',
      header: t`Actions`,
      width: 200,
      hideable: false,
      cell: (n) => (
        <span className="sys-row-actions">
          {allowed('edit') ? (
            <Button kind="link" onClick={() => setEditing(n)}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {allowed('publish') ? (
            n.status === '1' ? (
              <Button kind="link" onClick={() => void setNoticeStatus(n, '2')}>
                <Trans>Withdraw</Trans>
              </Button>
            ) : (
              <Button kind="link" onClick={() => void setNoticeStatus(n, '1')}>
                <Trans>Publish</Trans>
              </Button>
            )
          ) : null}
          {allowed('del') ? (
            <Button kind="link" className="btn btn-link sys-danger-link" onClick={() => void remove(n)}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </span>
      ),
    },
  ] satisfies DataGridColumn<Notice>[]).filter((c) => c.id !== 'actions' || hasActions);

  return (
    <div className="page" data-testid="system-notices">
      <PageHeader
        title={<Trans>Notices</Trans>}
        actions={
          allowed('add') ? (
            <Button kind="primary" onClick={() => setEditing('new')}>
              <Trans>New notice</Trans>
            </Button>
          ) : null
        }
      />
      <DataGrid<Notice>
        aria-label={t`Notices`}
        columns={columns}
        rowKey={(n) => n.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        queryKey={status}
        labels={labels}
        emptyText={status ? t`No notice has this status` : t`No notices yet`}
        toolbar={
          <Select
            aria-label={t`Status`}
            value={status}
            onChange={(e) => setStatus(e.target.value as Notice['status'] | '')}
            options={[
              { value: '', label: t`All statuses` },
              { value: '0', label: t`Draft` },
              { value: '1', label: t`Published` },
              { value: '2', label: t`Withdrawn` },
            ]}
          />
        }
      />
      {editing ? (
        <NoticeDialog
          notice={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(n) => {
            setEditing(null);
            notify('success', t`Notice "${n.title}" saved`);
            reload();
          }}
        />
      ) : null}
    </div>
  );
}
