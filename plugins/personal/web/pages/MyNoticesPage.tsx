import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, DataGrid, type ApiData, type DataGridColumn, type DataGridQuery, Dialog, formatDateTime, notifyError, PageHeader } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import '../personal.css';

/** A published notice with the caller's read state. */
type InboxNotice = ApiData<'/api/notice/selectList'>['items'][number];

/** My notices (spec 000 §2.1 my_notice, §4 "Notice"): published notices, read or unread; opening one marks it read. */
export default function MyNoticesPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const [reloadKey, setReloadKey] = useState(0);
  const [unread, setUnread] = useState<number | null>(null);
  const [open, setOpen] = useState<InboxNotice | null>(null);

  useEffect(() => {
    api.get('/api/notice/getNoticeCount').then(
      (data) => setUnread(data.count),
      () => setUnread(null),
    );
  }, [reloadKey]);

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const data = await api.get('/api/notice/selectList', { page, limit });
      return { items: data.items, total: data.total };
    },
    [],
  );

  async function openNotice(row: InboxNotice) {
    try {
      // the server marks it read for this user
      setOpen(await api.post('/api/notice/getNotice', { id: row.id }));
      if (!row.read) setReloadKey((k) => k + 1);
    } catch (e) {
      notifyError(e);
    }
  }

  const columns: DataGridColumn<InboxNotice>[] = [
    {
      id: 'read',
      header: t`State`,
      width: 90,
      hideable: false,
      cell: (row) =>
        row.read ? (
          <span className="notice-state notice-state-read" data-state="read">{t`Read`}</span>
        ) : (
          <span className="notice-state notice-state-unread" data-state="unread">{t`Unread`}</span>
        ),
    },
    { id: 'number', header: t`Number`, accessor: 'number', width: 140 },
    {
      id: 'title',
      header: t`Title`,
      hideable: false,
      cell: (row) => <span className={row.read ? undefined : 'notice-title-unread'}>{row.title}</span>,
    },
    { id: 'type', header: t`Type`, accessor: 'type', width: 120 },
    { id: 'publishTime', header: t`Published`, width: 170, cell: (row) => formatDateTime(row.publishTime, i18n.locale) },
  ];

  const published = formatDateTime(open?.publishTime, i18n.locale);
  return (
    <div className="page" data-testid="my-notices-page">
      <PageHeader
        title={t`My notices`}
        actions={
          unread === null ? null : (
            <span className="muted" data-testid="unread-count">
              {unread === 0 ? t`All notices read` : t`${unread} unread`}
            </span>
          )
        }
      />
      <DataGrid<InboxNotice>
        aria-label={t`My notices`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        onRowClick={(row) => void openNotice(row)}
        emptyText={t`No notices have been published yet. Notices from the administrator appear here.`}
        labels={labels}
      />
      <Dialog
        open={open !== null}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        title={open?.title ?? ''}
        width={640}
        actions={<Button onClick={() => setOpen(null)}>{t`Close`}</Button>}
      >
        {open ? (
          <div data-testid="notice-dialog">
            <div className="notice-meta">
              {open.number ? <span>{open.number} · </span> : null}
              {open.type ? <span>{open.type} · </span> : null}
              <Trans>Published {published}</Trans>
            </div>
            <div className="notice-content">{open.content}</div>
          </div>
        ) : null}
      </Dialog>
    </div>
  );
}
