import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Button,
  confirm,
  DataGrid,
  formatDateTime,
  notify,
  notifyError,
  PageHeader,
  TextInput,
  useGridLabels,
  useGuardedNavigate,
  usePermission,
  type ApiData,
  type AreaPageProps,
  type DataGridColumn,
  type DataGridQuery,
} from '@fmea/sdk';
import { NewTreeDialog } from './NewTreeDialog.tsx';
import { MefImportDialog } from './MefImportDialog.tsx';
import { GenerateDialog } from './GenerateDialog.tsx';
import { useStatusLabel } from '../tree/labels.ts';
import '../fta.css';

type TreeRow = ApiData<'/api/fta/list'>['items'][number];

/**
 * The fault trees (area ftaIndex): number, name, the FMEA project a tree is linked to, status, size and
 * when it changed; a new tree, MEF import and delete as the user's buttons allow (the server checks
 * again). A row opens the tree.
 */
export default function TreeListPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const statusLabel = useStatusLabel();
  const allowed = usePermission('fta_index');
  const navigate = useGuardedNavigate();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const [generating, setGenerating] = useState(false);
  const open = (id: string) => void navigate(`${basePath}/ftaTree?id=${encodeURIComponent(id)}`);

  const fetchPage = useCallback(async ({ page, limit }: DataGridQuery) => {
    const data = await api.post('/api/fta/list', { page, limit, ...(search ? { search } : {}) });
    return { items: data.items, total: data.total };
  }, [search]);

  const remove = async (row: TreeRow) => {
    const num = row.ftaNum;
    const name = row.name;
    if (!(await confirm({ title: t`Delete fault tree`, message: t`Delete fault tree ${num} ${name}? Its links to the FMEA go with it.`, danger: true }))) return;
    try {
      await api.post('/api/fta/delete', { id: row.id, version: row.version });
      notify('success', t`Fault tree ${num} deleted`);
      setReloadKey((k) => k + 1);
    } catch (error) {
      notifyError(error);
    }
  };

  const columns: DataGridColumn<TreeRow>[] = [
    { id: 'ftaNum', header: t`Number`, accessor: 'ftaNum', width: 150, hideable: false },
    { id: 'name', header: t`Name`, hideable: false, cell: (row) => <span data-user-content>{row.name}</span> },
    { id: 'projectNum', header: t`Linked FMEA`, width: 150, cell: (row) => row.projectNum ?? '' },
    { id: 'status', header: t`Status`, width: 100, cell: (row) => statusLabel(row.status) },
    { id: 'size', header: t`Gates / events`, width: 120, cell: (row) => `${row.gateCount} / ${row.basicEventCount}` },
    { id: 'updateTime', header: t`Updated`, width: 170, cell: (row) => formatDateTime(row.updateTime, i18n.locale) },
    {
      id: 'actions',
      header: t`Actions`,
      width: 140,
      hideable: false,
      cell: (row) => (
        <span className="fta-row-actions" onClick={(e) => e.stopPropagation()}>
          <Button kind="link" data-testid="fta-open" onClick={() => open(row.id)}>
            <Trans>Open</Trans>
          </Button>
          {allowed('del') ? (
            <Button kind="link" data-testid="fta-delete-tree" onClick={() => void remove(row)}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchText.trim());
  };

  return (
    <div className="page fta-list" data-testid="fta-list">
      <PageHeader
        title={<Trans>Fault trees</Trans>}
        actions={
          <>
            {allowed('add') ? (
              <Button kind="primary" data-testid="fta-new" onClick={() => setCreating(true)}>
                <Trans>New fault tree</Trans>
              </Button>
            ) : null}
            {allowed('add') ? (
              <Button data-testid="fta-generate" onClick={() => setGenerating(true)}>
                <Trans>Generate from a DFMEA</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <Button data-testid="fta-import" onClick={() => setImporting(true)}>
                <Trans>Import MEF</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <form className="fta-search" role="search" onSubmit={submitSearch}>
        <TextInput aria-label={t`Search by number, name or description`} placeholder={t`Number, name or description`} value={searchText} maxLength={200} onChange={(e) => setSearchText(e.target.value)} />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<TreeRow>
        aria-label={t`Fault trees`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={search}
        reloadKey={reloadKey}
        onRowClick={(row) => open(row.id)}
        emptyText={search ? t`No fault tree matches the search.` : t`No fault trees yet. Create one, import an Open-PSA MEF file, or generate one from a DFMEA's failure net.`}
        labels={labels}
      />
      {creating ? <NewTreeDialog onClose={() => setCreating(false)} onCreated={(id) => open(id)} /> : null}
      {generating ? <GenerateDialog onClose={() => setGenerating(false)} onCreated={(id) => open(id)} /> : null}
      {importing ? (
        <MefImportDialog
          onClose={() => setImporting(false)}
          onImported={(ids) => {
            setImporting(false);
            if (ids.length === 1) open(ids[0]!);
            else setReloadKey((k) => k + 1);
          }}
        />
      ) : null}
    </div>
  );
}
