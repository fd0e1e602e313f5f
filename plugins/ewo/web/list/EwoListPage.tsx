import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EwoOpenStatus, EwoSource, EwoState, EwoType } from '@fmea/core/domain';
import {
  api,
  Button,
  DataGrid,
  formatDate,
  formatDateTime,
  notifyError,
  PageHeader,
  Select,
  TextInput,
  useGridLabels,
  useGuardedNavigate,
  usePermission,
  type ApiData,
  type AreaPageProps,
  type DataGridColumn,
  type DataGridQuery,
} from '@fmea/sdk';
import { options, useEwoLabels } from '../labels.ts';
import { EwoDialog } from './EwoDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import '../ewo.css';

type Row = ApiData<'/api/ewo/list'>['items'][number];
type Scope = '' | 'mine' | 'tracking' | 'approving';
interface Filters {
  search: string;
  openStatus: EwoOpenStatus | '';
  status: EwoState | '';
  ewoType: EwoType | '';
  source: EwoSource | '';
  scope: Scope;
}
const NO_FILTERS: Filters = { search: '', openStatus: '', status: '', ewoType: '', source: '', scope: '' };

/**
 * The engineering changes (area ewo): number, description, type, source, tracker, closing date and state, filtered
 * by text, opening/closing, state, type, source and the caller's part (mine, tracking, to approve); a new change,
 * import and export as the user's buttons allow (the server checks again). A row opens the change.
 */
export default function EwoListPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useEwoLabels();
  const gridLabels = useGridLabels();
  const allowed = usePermission('ewo_index');
  const navigate = useGuardedNavigate();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [reloadKey, setReloadKey] = useState(0);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const open = (key: string) => void navigate(`${basePath}/ewoDetail?id=${encodeURIComponent(key)}`);

  const query = useCallback(
    (f: Filters) => ({
      ...(f.search ? { search: f.search } : {}),
      ...(f.openStatus ? { openStatus: f.openStatus } : {}),
      ...(f.ewoType ? { ewoType: f.ewoType } : {}),
      ...(f.source ? { source: f.source } : {}),
    }),
    [],
  );
  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const data = await api.post('/api/ewo/list', { page, limit, ...query(filters), ...(filters.status ? { status: [filters.status] } : {}), ...(filters.scope ? { scope: filters.scope } : {}) });
      return { items: data.items, total: data.total };
    },
    [filters, query],
  );

  const exportList = async () => {
    try {
      await api.download('/api/ewo/exportData', `EWO-${new Date().toISOString().slice(0, 10)}.xlsx`, { ...query(filters), ...(filters.status ? { status: filters.status } : {}) });
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataGridColumn<Row>[] = [
    { id: 'ewoNum', header: t`EWO number`, accessor: 'ewoNum', width: 140, hideable: false },
    { id: 'description', header: t`Description`, hideable: false, cell: (row) => <span data-user-content>{row.description}</span> },
    { id: 'ewoType', header: t`Type`, width: 130, cell: (row) => labels.type[row.ewoType] },
    { id: 'source', header: t`Source`, width: 120, cell: (row) => labels.source[row.source] },
    { id: 'trackerName', header: t`Tracker`, width: 110, cell: (row) => <span data-user-content>{row.trackerName}</span> },
    { id: 'closingDate', header: t`Closing date`, width: 110, cell: (row) => formatDate(row.closingDate) },
    { id: 'status', header: t`Status`, width: 150, cell: (row) => <span className={`ewo-state ewo-state-${row.status}`}>{labels.state[row.status]}</span> },
    { id: 'updateTime', header: t`Updated`, width: 150, hidden: true, cell: (row) => formatDateTime(row.updateTime, i18n.locale) },
  ];

  const set = <K extends keyof Filters>(key: K, value: Filters[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const apply = (e?: FormEvent) => {
    e?.preventDefault();
    setFilters({ ...draft, search: draft.search.trim() });
  };
  const pick = <K extends keyof Filters>(key: K, value: Filters[K]) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    setFilters({ ...next, search: next.search.trim() });
  };

  return (
    <div className="page ewo-list" data-testid="ewo-list">
      <PageHeader
        title={<Trans>Engineering changes</Trans>}
        actions={
          <>
            {allowed('add') ? (
              <Button kind="primary" data-testid="ewo-new" onClick={() => setCreating(true)}>
                <Trans>New engineering change</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <Button data-testid="ewo-import" onClick={() => setImporting(true)}>
                <Trans>Import</Trans>
              </Button>
            ) : null}
            {allowed('export') ? (
              <Button data-testid="ewo-export" onClick={() => void exportList()}>
                <Trans>Export</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <form className="ewo-filters" role="search" onSubmit={apply}>
        <TextInput aria-label={t`Search by number or description`} placeholder={t`Number or description`} value={draft.search} maxLength={200} onChange={(e) => set('search', e.target.value)} />
        <Select aria-label={t`Opening or closing`} value={draft.openStatus} onChange={(e) => pick('openStatus', e.target.value as EwoOpenStatus | '')} options={[{ value: '', label: t`Open and closed` }, { value: 'open', label: t`Open` }, { value: 'closed', label: t`Closed` }]} />
        <Select aria-label={t`Status`} data-testid="ewo-filter-status" value={draft.status} onChange={(e) => pick('status', e.target.value as EwoState | '')} options={[{ value: '', label: t`Every status` }, ...options(labels.state)]} />
        <Select aria-label={t`Type`} value={draft.ewoType} onChange={(e) => pick('ewoType', e.target.value as EwoType | '')} options={[{ value: '', label: t`Every type` }, ...options(labels.type)]} />
        <Select aria-label={t`Source`} value={draft.source} onChange={(e) => pick('source', e.target.value as EwoSource | '')} options={[{ value: '', label: t`Every source` }, ...options(labels.source)]} />
        <Select
          aria-label={t`Mine`}
          data-testid="ewo-filter-scope"
          value={draft.scope}
          onChange={(e) => pick('scope', e.target.value as Scope)}
          options={[
            { value: '', label: t`Everyone's` },
            { value: 'mine', label: t`Opened by me` },
            { value: 'tracking', label: t`Tracked by me` },
            { value: 'approving', label: t`Waiting for my approval` },
          ]}
        />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<Row>
        aria-label={t`Engineering changes`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={JSON.stringify(filters)}
        reloadKey={reloadKey}
        onRowClick={(row) => open(row.ewoNum)}
        emptyText={filters === NO_FILTERS ? t`No engineering changes yet.` : t`No engineering change matches the filters.`}
        labels={gridLabels}
      />
      {creating ? <EwoDialog onClose={() => setCreating(false)} onSaved={(saved) => open(saved.ewoNum)} /> : null}
      {importing ? (
        <ImportDialog
          onClose={() => setImporting(false)}
          onImported={() => {
            setImporting(false);
            setReloadKey((k) => k + 1);
          }}
        />
      ) : null}
    </div>
  );
}
