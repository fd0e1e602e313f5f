import { useCallback, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { plannedDatesShown, TASK_STATUS_FILTER, taskMachine } from '@fmea/core/domain';
import {
  api,
  Button,
  confirm,
  DataGrid,
  formatDate,
  notify,
  notifyError,
  PageHeader,
  Select,
  TextInput,
  useGridLabels,
  CustomFieldFilter,
  customListQuery,
  NO_CUSTOM_FILTER,
  useCustomFieldColumns,
  useCustomFields,
  usePermission,
  type AreaPageProps,
  type CustomFilter,
  type DataGridColumn,
  type DataGridQuery,
} from '@fmea/sdk';
import { useTaskLabels } from '../shared/labels.ts';
import { TaskActions, type TaskRow } from './TaskActions.tsx';
import { TaskDetail } from './TaskDetail.tsx';
import { TaskImportDialog } from './TaskImportDialog.tsx';
import '../task.css';

/** The list a page shows (spec 001 §2 task lists): its micro route is the server's list name. */
export type TaskList = 'todoList' | 'launched' | 'all' | 'done' | 'current' | 'history';

const customValuesOf = (row: TaskRow) => row.customFields;

const CANCELLABLE = (row: TaskRow) => taskMachine.can(row.taskStatus, 'cancel');

/**
 * One task list (to-do, launched, all, done, current, history), the spec's Task fields, the status filter
 * (0, 1, 3, 5 only, spec 001 §4), a search, the transitions as buttons per row, batch cancel of the
 * ticked rows, task import from xls/xlsx, and a task's detail with its log. Planned dates show only
 * where spec 001 §9 says (compile, update and optimisation tasks on a DFMEA or PFMEA); a dash otherwise.
 */
export default function TaskListPage({ microRoute }: AreaPageProps) {
  const list = microRoute as TaskList;
  const { t, i18n } = useLingui();
  const labels = useGridLabels();
  const words = useTaskLabels();
  const allowed = usePermission('task_index');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [customFilter, setCustomFilter] = useState<CustomFilter>(NO_CUSTOM_FILTER);
  const customFields = useCustomFields('task');
  const [reloadKey, setReloadKey] = useState(0);
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [rows, setRows] = useState<TaskRow[]>([]);
  const [opened, setOpened] = useState<TaskRow | null>(null);
  const [importing, setImporting] = useState(false);
  const reload = () => {
    setTicked(new Set());
    setReloadKey((k) => k + 1);
  };

  const fetchPage = useCallback(
    async ({ page, limit, sort }: DataGridQuery) => {
      const data = await api.post('/api/task/list', { list, page, limit, ...customListQuery(customFilter, customFields, sort), ...(search ? { search } : {}), ...(status ? { taskStatus: [status as TaskRow['taskStatus']] } : {}) });
      setRows(data.items);
      return { items: data.items, total: data.total };
    },
    [list, search, status, customFilter, customFields],
  );

  const tick = (id: string, on: boolean) =>
    setTicked((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const batchCancel = async () => {
    const chosen = rows.filter((r) => ticked.has(r.id));
    const count = chosen.length;
    if (!(await confirm({ title: t`Cancel tasks`, message: t`Cancel the ${count} ticked tasks? Cancelled tasks cannot be restarted.`, danger: true }))) return;
    try {
      const done = await api.post('/api/task/batchCancel', { ids: chosen.map((r) => r.id) });
      const n = done.length;
      notify('success', t`${n} tasks cancelled`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  };

  const planned = (row: TaskRow, day: string | null | undefined) => (plannedDatesShown(row.taskType, row.taskObject) ? formatDate(day) || '—' : '—');
  // the task's custom fields: shown ones as columns, the others offered in the column menu
  const customColumns = useCustomFieldColumns<TaskRow>(customFields, customValuesOf);
  const columns: DataGridColumn<TaskRow>[] = [
    {
      id: 'tick',
      header: <span className="sr-only">{t`Tick`}</span>,
      width: 36,
      hideable: false,
      cell: (row) => {
        const num = row.taskNum;
        return (
        <input
          type="checkbox"
          aria-label={t`Tick ${num}`}
          data-testid="task-tick"
          disabled={!CANCELLABLE(row)}
          checked={ticked.has(row.id)}
          onClick={(e) => e.stopPropagation()}
          onChange={(e) => tick(row.id, e.target.checked)}
        />
        );
      },
    },
    { id: 'taskNum', header: t`Number`, accessor: 'taskNum', width: 120, hideable: false },
    { id: 'taskName', header: t`Task`, hideable: false, cell: (row) => <span data-user-content>{row.taskName}</span> },
    { id: 'taskSourceName', header: t`Source`, width: 110, hidden: true, cell: (row) => words.source(row.taskSource) || words.projectSource(row.projectTaskSource) },
    { id: 'program', header: t`Program`, width: 110, cell: (row) => (row.programNum ? <span data-user-content>{`${row.programNum} ${row.programName ?? ''}`}</span> : '') },
    { id: 'programStageName', header: t`Stage`, width: 100, hidden: true, cell: (row) => row.programStageName ?? '' },
    { id: 'taskType', header: t`Type`, width: 70, cell: (row) => words.type(row.taskType) },
    { id: 'fmea', header: t`FMEA`, width: 124, cell: (row) => (row.fmeaNum ? <span data-user-content>{`${row.fmeaNum} ${row.fmeaName ?? ''}`}</span> : '') },
    { id: 'nodeName', header: t`Node`, width: 120, hidden: true, cell: (row) => <span data-user-content>{row.nodeName ?? ''}</span> },
    { id: 'dre', header: t`DRE`, width: 90, hidden: true, cell: (row) => row.dre ?? '' },
    { id: 'taskOwnerName', header: t`Launched by`, width: 96, cell: (row) => row.taskOwnerName ?? '' },
    { id: 'handlerName', header: t`Handler`, width: 80, cell: (row) => row.handlerName ?? '' },
    { id: 'depName', header: t`Department`, width: 110, hidden: true, cell: (row) => row.depName ?? '' },
    { id: 'taskLaunchDate', header: t`Launched`, width: 100, hidden: true, cell: (row) => formatDate(row.taskLaunchDate) },
    { id: 'taskStartDate', header: t`Planned start`, width: 95, cell: (row) => planned(row, row.taskStartDate) },
    { id: 'taskEndDate', header: t`Planned end`, width: 95, cell: (row) => planned(row, row.taskEndDate) },
    { id: 'taskCompleteDate', header: t`Completed`, width: 95, hidden: list !== 'done' && list !== 'history', cell: (row) => formatDate(row.taskCompleteDate) },
    { id: 'hoursStr', header: t`Hours`, width: 70, hidden: true, cell: (row) => row.hoursStr ?? '' },
    ...customColumns,
    { id: 'taskStatus', header: t`Status`, width: 96, cell: (row) => <span className={`task-status task-status-${row.taskStatus}`}>{words.status(row.taskStatus)}</span> },
    { id: 'actions', header: t`Actions`, width: 200, hideable: false, cell: (row) => <TaskActions row={row} onDone={reload} /> },
  ];

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchText.trim());
  };
  const tickedCount = ticked.size;

  return (
    <div className="page task-list" data-testid={`task-list-${list}`}>
      <PageHeader
        title={<Trans>Tasks</Trans>}
        actions={
          <>
            {allowed('cancel') ? (
              <Button data-testid="task-batch-cancel" disabled={tickedCount === 0} onClick={() => void batchCancel()}>
                <Trans>Cancel ticked ({tickedCount})</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <Button data-testid="task-import" onClick={() => setImporting(true)}>
                <Trans>Import</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <form className="task-search" role="search" onSubmit={submitSearch}>
        <TextInput aria-label={t`Search by number, name, program or FMEA`} placeholder={t`Number, name, program or FMEA`} value={searchText} maxLength={200} onChange={(e) => setSearchText(e.target.value)} />
        <Select
          aria-label={t`Status`}
          data-testid="task-status-filter"
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          options={[{ value: '', label: t`All statuses` }, ...TASK_STATUS_FILTER.map((code) => ({ value: code, label: words.status(code) }))]}
        />
        <CustomFieldFilter fields={customFields} value={customFilter} onChange={setCustomFilter} />
        <Button type="submit">
          <Trans>Search</Trans>
        </Button>
      </form>
      <DataGrid<TaskRow>
        aria-label={t`Tasks`}
        gridId="task-list"
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        queryKey={`${list}|${search}|${status}|${i18n.locale}|${JSON.stringify(customFilter)}`}
        reloadKey={reloadKey}
        onRowClick={(row) => setOpened(row)}
        emptyText={search || status || customFilter.field ? t`No task matches the search.` : t`No tasks in this list.`}
        labels={labels}
      />
      {opened ? <TaskDetail taskId={opened.id} onClose={() => setOpened(null)} onChanged={reload} /> : null}
      {importing ? <TaskImportDialog onClose={() => setImporting(false)} onImported={reload} /> : null}
    </div>
  );
}
