import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, DataGrid, type ApiData, type DataGridColumn, type DataGridQuery, Field, formatDateTime, notifyError, PageHeader, Select, TextInput, useLoad, usePermission } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import '../../system.css';

/** An entry; `actionLabel` and `entityLabel` are the action and the record type in the reader's language (named by the server). */
type LogEntry = ApiData<'/api/operationLog/list'>['items'][number];

interface Filters {
  userName: string;
  action: string;
  entity: string;
  from: string;
  to: string;
  search: string;
}

const EMPTY: Filters = { userName: '', action: '', entity: '', from: '', to: '', search: '' };

/** Local calendar days to the instants the server compares: from the start of `from` to the end of `to`. */
function range(f: Filters) {
  return {
    from: f.from ? new Date(`${f.from}T00:00:00`).getTime() : undefined,
    to: f.to ? new Date(`${f.to}T23:59:59.999`).getTime() : undefined,
  };
}

/** The applied filters as the list's body and the export's query send them (empty ones left out). */
function filterValues(f: Filters) {
  return {
    userName: f.userName.trim() || undefined,
    action: f.action.trim() || undefined,
    entity: f.entity || undefined,
    search: f.search.trim() || undefined,
    ...range(f),
  };
}

/** The export's query: the same filters, times as the milliseconds the list sends. */
function exportQuery(f: Filters): Record<string, string> {
  return Object.fromEntries(Object.entries(filterValues(f)).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])));
}

/** JSON as text in a <pre>: React escapes it, nothing from the log is ever read as HTML. */
function JsonView({ value }: { value: unknown }) {
  const { t } = useLingui();
  if (value === null || value === undefined) return <p className="muted">{t`(nothing)`}</p>;
  return <pre className="sys-json">{JSON.stringify(value, null, 2)}</pre>;
}

/** The operation log (who did what, when): filters, server paging, the record before and after. */
export default function OperationLogPage() {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const [draft, setDraft] = useState<Filters>(EMPTY);
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [openId, setOpenId] = useState<number | null>(null);
  const [rows, setRows] = useState<LogEntry[]>([]);
  const allowed = usePermission('system_log');
  // the record types named in the reader's language, for the filter's choices
  const kinds = useLoad(() => api.get('/api/operationLog/kinds'), [i18n.locale]);
  const entityOptions = [{ value: '', label: t`All record types` }, ...(kinds.data?.entities ?? []).map((e) => ({ value: e.code, label: e.label }))];

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const answer = await api.post('/api/operationLog/list', { page, limit, ...filterValues(filters) });
      setRows(answer.items);
      return answer;
    },
    [filters],
  );

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setOpenId(null);
    setFilters(draft);
  };
  const set = (key: keyof Filters, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const open = rows.find((r) => r.id === openId) ?? null;

  const columns: DataGridColumn<LogEntry>[] = [
    { id: 'at', header: t`Time`, accessor: (r) => formatDateTime(r.at, i18n.locale), width: 150 },
    { id: 'userName', header: t`User`, accessor: 'userName', width: 120 },
    // the code stays at hand for the prefix filter
    { id: 'action', header: t`Action`, accessor: 'actionLabel', cell: (r) => <span title={r.action}>{r.actionLabel}</span>, width: 190 },
    { id: 'entity', header: t`Record type`, accessor: 'entityLabel', width: 130 },
    { id: 'entityId', header: t`Record id`, accessor: 'entityId', width: 200, hidden: true },
    { id: 'ip', header: t`IP address`, accessor: 'ip', width: 120 },
    {
      id: 'details',
      header: t`Before and after`,
      width: 130,
      hideable: false,
      cell: (r) => (
        <Button kind="link" aria-expanded={openId === r.id} onClick={(e) => (e.stopPropagation(), setOpenId(openId === r.id ? null : r.id))}>
          {openId === r.id ? <Trans>Hide</Trans> : <Trans>Show</Trans>}
        </Button>
      ),
    },
  ];

  return (
    <div className="page" data-testid="system-log">
      <PageHeader
        title={<Trans>Operation log</Trans>}
        actions={
          allowed('export') ? (
            // the applied filters, as the list shows them
            <Button onClick={() => void api.download('/api/operationLog/export', 'operation-log.xlsx', exportQuery(filters)).catch(notifyError)}>
              <Trans>Export</Trans>
            </Button>
          ) : null
        }
      />
      <form noValidate className="sys-filters" onSubmit={apply} role="search" aria-label={t`Filter the log`}>
        <Field label={t`User name`}>{(id) => <TextInput id={id} value={draft.userName} maxLength={50} onChange={(e) => set('userName', e.target.value)} />}</Field>
        <Field label={t`Action (prefix)`} hint={t`e.g. user. or user.create`}>
          {(id) => <TextInput id={id} value={draft.action} maxLength={50} onChange={(e) => set('action', e.target.value)} />}
        </Field>
        <Field label={t`Record type`}>{(id) => <Select id={id} value={draft.entity} options={entityOptions} onChange={(e) => set('entity', e.target.value)} />}</Field>
        <Field label={t`From`}>{(id) => <TextInput id={id} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />}</Field>
        <Field label={t`To`}>{(id) => <TextInput id={id} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />}</Field>
        <Field label={t`Search`}>{(id) => <TextInput id={id} value={draft.search} maxLength={200} placeholder={t`Action or user name`} onChange={(e) => set('search', e.target.value)} />}</Field>
        <div className="sys-filter-actions">
          <Button kind="primary" type="submit">
            <Trans>Apply</Trans>
          </Button>
          <Button
            onClick={() => {
              setDraft(EMPTY);
              setFilters(EMPTY);
            }}
          >
            <Trans>Reset</Trans>
          </Button>
        </div>
      </form>
      <DataGrid<LogEntry>
        aria-label={t`Operation log`}
        columns={columns}
        rowKey={(r) => String(r.id)}
        fetchPage={fetchPage}
        queryKey={JSON.stringify(filters)}
        onRowClick={(r) => setOpenId(openId === r.id ? null : r.id)}
        selectedKey={openId === null ? null : String(openId)}
        labels={labels}
        emptyText={t`No entries match`}
      />
      {open ? (
        <section className="sys-panel sys-log-detail" aria-label={t`Before and after`} data-testid="log-detail">
          <h3>
            {open.actionLabel} · {open.entityLabel} {open.entityId ?? ''} · {open.userName} · {formatDateTime(open.at, i18n.locale)}
          </h3>
          <div className="sys-columns">
            <div>
              <h4>
                <Trans>Before</Trans>
              </h4>
              <JsonView value={open.before} />
            </div>
            <div>
              <h4>
                <Trans>After</Trans>
              </h4>
              <JsonView value={open.after} />
            </div>
          </div>
        </section>
      ) : null}
    </div>
  );
}
