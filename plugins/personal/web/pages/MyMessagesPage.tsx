import { useCallback, useEffect, useMemo, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, DataGrid, formatDateTime, notify, notifyError, PageHeader, refreshMessageCount, useGridLabels, useGuardedNavigate, type ApiData, type DataGridColumn, type DataGridQuery } from '@fmea/sdk';
import '../personal.css';

type Tab = 'pending' | 'processed' | 'system';
type Message = ApiData<'/api/message/businessMessageList'>['items'][number];

const LIST = {
  pending: '/api/message/businessMessageList',
  processed: '/api/message/processedList',
  system: '/api/message/systemMessageList',
} as const;

/**
 * My messages (spec 000 §2.5, 001 §7): the stored inbox. Pending business
 * messages (approvals waiting for a decision, news not read yet), processed
 * ones, and system messages; each can be read, deleted and opened on the view
 * it names (docs/domain/messages.md). Opening marks it read.
 */
export default function MyMessagesPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const navigate = useGuardedNavigate();
  const [tab, setTab] = useState<Tab>('pending');
  const [reloadKey, setReloadKey] = useState(0);
  // each tab says how many of its messages are unread: the header's mail badge is their sum
  const [unread, setUnread] = useState<{ pending: number; system: number } | null>(null);
  useEffect(() => {
    api.get('/api/message/getMessageCount').then(
      (c) => {
        setUnread({ pending: c.unreadBusiness, system: c.sMessageCount });
        // opened from the badge with only system notices unread: show them
        if (reloadKey === 0 && c.unreadBusiness === 0 && c.sMessageCount > 0) setTab('system');
      },
      () => undefined,
    );
  }, [reloadKey]);

  const fetchPage = useCallback(({ page, limit }: DataGridQuery) => api.get(LIST[tab], { page, limit }), [tab]);

  const changed = () => {
    setReloadKey((k) => k + 1);
    void refreshMessageCount();
  };

  async function act(work: () => Promise<unknown>) {
    try {
      await work();
      changed();
    } catch (e) {
      notifyError(e);
    }
  }

  async function open(row: Message) {
    await act(() => (row.readFlag ? Promise.resolve() : api.post('/api/message/readMessage', { id: row.id })));
    if (row.route) void navigate(row.route);
  }

  async function remove(row: Message) {
    if (!(await confirm({ title: t`Delete message`, message: t`Delete “${row.title}”? It cannot be restored.`, danger: true }))) return;
    await act(() => api.post('/api/message/deleteMessage', { id: row.id }));
  }

  async function readAll() {
    try {
      const { count } = await api.post(tab === 'system' ? '/api/message/readAllSystemMessage' : '/api/message/readAllBusinessMessage');
      notify('success', count === 0 ? t`Nothing was unread` : t`${count} marked read`);
      changed();
    } catch (e) {
      notifyError(e);
    }
  }

  const columns = useMemo<DataGridColumn<Message>[]>(
    () => [
      {
        id: 'readFlag',
        header: t`State`,
        width: 90,
        hideable: false,
        cell: (row) =>
          row.readFlag ? (
            <span className="notice-state notice-state-read" data-state="read">{t`Read`}</span>
          ) : (
            <span className="notice-state notice-state-unread" data-state="unread">{t`Unread`}</span>
          ),
      },
      {
        id: 'title',
        header: t`Message`,
        width: 360,
        hideable: false,
        cell: (row) => (
          // one line, the rest on hover: the cell does not cut the link
          <Button kind="link" className="btn btn-link message-link" title={row.title} data-testid="message-open" onClick={() => void open(row)}>
            <span className={row.readFlag ? undefined : 'notice-title-unread'}>{row.title}</span>
          </Button>
        ),
      },
      { id: 'content', header: t`Remark`, width: 180, accessor: (row) => row.content ?? '' },
      { id: 'senderName', header: t`From`, width: 110, accessor: (row) => row.senderName ?? t`System` },
      { id: 'createTime', header: t`Received`, width: 160, accessor: (row) => formatDateTime(row.createTime, i18n.locale) },
      {
        id: 'actions',
        header: t`Actions`,
        // "Mark read" and "Delete" whole in English at 1366 pixels
        width: 150,
        hideable: false,
        cell: (row) => (
          <span className="review-actions">
            {row.readFlag ? null : (
              <Button kind="link" data-testid="message-read" onClick={() => void act(() => api.post('/api/message/readMessage', { id: row.id }))}>
                <Trans>Mark read</Trans>
              </Button>
            )}
            <Button kind="link" data-testid="message-delete" onClick={() => void remove(row)}>
              <Trans>Delete</Trans>
            </Button>
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.locale],
  );

  const empty = {
    pending: t`No pending messages. Approval requests, review steps and replies to your applications appear here.`,
    processed: t`No processed messages. Messages you have read or decided are kept here.`,
    system: t`No system messages. Notices from the administrator are under My notices.`,
  }[tab];

  return (
    <div className="page" data-testid="my-messages-page">
      <PageHeader title={t`My messages`} />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <Tabs.List className="personal-tabs-list" aria-label={t`My messages`}>
          <Tabs.Trigger className="personal-tab" value="pending" data-testid="tab-pending">
            <Trans>Pending</Trans>
            <UnreadCount n={unread?.pending} />
          </Tabs.Trigger>
          <Tabs.Trigger className="personal-tab" value="processed" data-testid="tab-processed">
            <Trans>Processed</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className="personal-tab" value="system" data-testid="tab-system">
            <Trans>System</Trans>
            <UnreadCount n={unread?.system} />
          </Tabs.Trigger>
        </Tabs.List>
      </Tabs.Root>
      <DataGrid<Message>
        aria-label={t`My messages`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        // a new tab starts again on page 1; the language is part of the query (titles)
        queryKey={JSON.stringify([tab, i18n.locale])}
        labels={labels}
        emptyText={empty}
        toolbar={
          tab === 'processed' ? null : (
            <Button data-testid="messages-read-all" onClick={() => void readAll()}>
              <Trans>Read all</Trans>
            </Button>
          )
        }
      />
    </div>
  );
}

function UnreadCount({ n }: { n: number | undefined }) {
  const { t } = useLingui();
  return n ? (
    <span className="personal-tab-count" title={t`${n} unread`} data-testid="tab-unread">
      {n}
    </span>
  ) : null;
}
