import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Button,
  confirm,
  DataGrid,
  formatDate,
  formatDateTime,
  localName,
  notify,
  notifyError,
  PageHeader,
  TextInput,
  useGridLabels,
  useGuardedNavigate,
  usePermission,
  useUser,
  type AreaPageProps,
  type DataGridColumn,
  type DataGridQuery,
} from '@fmea/sdk';
import { ProgramDialog } from './ProgramDialog.tsx';
import { ProgramImportDialog } from './ProgramImportDialog.tsx';
import type { ProgramRow } from '../program-api.ts';
import '../program.css';

/**
 * The programs (spec 001 §2 program_index): the spec's Program fields, a search, add and edit with the
 * bilingual name, delete under the project-creator rule (the creator, or whoever holds the button; the
 * server decides), and the spec's Excel export and import. A row opens the program.
 */
export default function ProgramListPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const allowed = usePermission('program_index');
  const user = useUser();
  const navigate = useGuardedNavigate();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<ProgramRow | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const open = (id: string) => void navigate(`${basePath}/programDetail?id=${encodeURIComponent(id)}`);
  const reload = () => setReloadKey((k) => k + 1);
  /** The project-creator rule (spec 001 §8): the creator may edit and delete; the server checks again. */
  const mine = (row: ProgramRow) => row.creatorId === user?.userId;

  const fetchPage = useCallback(
    async ({ page, limit }: DataGridQuery) => {
      const data = await api.post('/api/program/list', { page, limit, ...(search ? { search } : {}) });
      return { items: data.items, total: data.total };
    },
    [search],
  );

  const remove = async (row: ProgramRow) => {
    const num = row.programNum;
    const name = localName(i18n.locale, row.programName, row.enProgramName);
    if (!(await confirm({ title: t`Delete program`, message: t`Delete program ${num} ${name}? Its tasks and plan go with it; its FMEAs stay.`, danger: true }))) return;
    try {
      await api.post('/api/program/delete', { id: row.id });
      notify('success', t`Program ${num} deleted`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  };

  const exportAll = () => void api.download('/api/program/exportData', `${t`Programs`}.xlsx`).catch(notifyError);

  const day = (v: string | null | undefined) => formatDate(v);
  const columns: DataGridColumn<ProgramRow>[] = [
    { id: 'programNum', header: t`Number`, accessor: 'programNum', width: 140, hideable: false },
    { id: 'programName', header: t`Name`, hideable: false, cell: (row) => <span data-user-content>{localName(i18n.locale, row.programName, row.enProgramName)}</span> },
    { id: 'product', header: t`Product`, width: 180, cell: (row) => (row.productNum ? <span data-user-content>{`${row.productNum} ${row.productName ?? ''}`}</span> : '') },
    { id: 'programOwnerName', header: t`Owner`, width: 110, cell: (row) => row.programOwnerName ?? '' },
    { id: 'startDate', header: t`Start`, width: 100, cell: (row) => day(row.startDate) },
    { id: 'endDate', header: t`End`, width: 100, cell: (row) => day(row.endDate) },
    { id: 'sopDate', header: t`SOP`, width: 100, cell: (row) => day(row.sopDate) },
    { id: 'dtPostDate', header: t`DT post`, width: 100, hidden: true, cell: (row) => day(row.dtPostDate) },
    { id: 'releaseDate', header: t`Release`, width: 100, hidden: true, cell: (row) => day(row.releaseDate) },
    { id: 'dePostDate', header: t`DE post`, width: 100, hidden: true, cell: (row) => day(row.dePostDate) },
    { id: 'completeDate', header: t`Completion`, width: 100, hidden: true, cell: (row) => day(row.completeDate) },
    { id: 'dfmeaCount', header: t`DFMEAs`, width: 80, cell: (row) => String(row.dfmeaCount) },
    { id: 'pfmeaCount', header: t`PFMEAs`, width: 80, cell: (row) => String(row.pfmeaCount) },
    { id: 'updaterName', header: t`Updated by`, width: 110, hidden: true, cell: (row) => row.updaterName ?? '' },
    { id: 'updateTime', header: t`Updated`, width: 150, cell: (row) => formatDateTime(row.updateTime, i18n.locale) },
    {
      id: 'actions',
      header: t`Actions`,
      width: 170,
      hideable: false,
      cell: (row) => (
        <span className="program-row-actions" onClick={(e) => e.stopPropagation()}>
          <Button kind="link" data-testid="program-open" onClick={() => open(row.id)}>
            <Trans>Open</Trans>
          </Button>
          {allowed('edit') || mine(row) ? (
            <Button kind="link" data-testid="program-edit" onClick={() => setEditing(row)}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {allowed('del') || mine(row) ? (
            <Button kind="link" data-testid="program-delete" onClick={() => void remove(row)}>
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
    <div className="page program-list" data-testid="program-list">
      <PageHeader
        title={<Trans>Programs</Trans>}
        actions={
          <>
            {allowed('add') ? (
              <Button kind="primary" data-testid="program-new" onClick={() => setEditing('new')}>
                <Trans>New program</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <Button data-testid="program-import" onClick={() => setImporting(true)}>
                <Trans>Import</Trans>
              </Button>
            ) : null}
            {allowed('export') ? (
              <Button data-testid="program-export" onClick={exportAll}>
                <Trans>Export</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <form className="program-search" role="search" onSubmit={submitSearch}>
        <TextInput aria-label={t`Search by number, name or product`} placeholder={t`Number, name or product`} value={searchText} maxLength={200} onChange={(e) => setSearchText(e.target.value)} />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<ProgramRow>
        aria-label={t`Programs`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={search}
        reloadKey={reloadKey}
        onRowClick={(row) => open(row.id)}
        emptyText={search ? t`No program matches the search.` : t`No programs yet. Create one, or import a spreadsheet of programs.`}
        labels={labels}
      />
      {editing ? (
        <ProgramDialog
          program={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            if (editing === 'new') open(saved.id);
            else reload();
          }}
        />
      ) : null}
      {importing ? <ProgramImportDialog onClose={() => setImporting(false)} onImported={reload} /> : null}
    </div>
  );
}
