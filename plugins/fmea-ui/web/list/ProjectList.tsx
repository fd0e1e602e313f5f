import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Button,
  can,
  DataGrid,
  notify,
  notifyError,
  PageHeader,
  Select,
  session,
  TextInput,
  CustomFieldFilter,
  customListQuery,
  NO_CUSTOM_FILTER,
  useCustomFieldColumns,
  useCustomFields,
  useGridLabels,
  useGuardedNavigate,
  type DataGridColumn,
  type DataGridQuery,
  type CustomFilter,
  type ButtonOf,
  type UserInfo,
} from '@fmea/sdk';
import { kindOf, projectPageLink, type CollectType, type ProjectRouteName, type ProjectType } from '@fmea/core/domain';
import type { ProjectListItem, ProjectView } from '../types.ts';
import { ProjectDialog } from './ProjectDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { ShareDialog } from './ShareDialog.tsx';
import { ReviewBadge } from '../review/ReviewPanel.tsx';
import { CopyProjectDialog } from '../reuse/CopyProjectDialog.tsx';
import { useDeleteWithUsage } from '../reuse/usage.ts';
import { hasFilters, listQuery, NO_FILTERS, ProjectFilters, type ProjectFilterValues } from './ProjectFilters.tsx';
import { useFmeaKind } from '../kind.tsx';
import '../fmea.css';

const TABS = ['all', 'mine', 'responsible', 'participating', 'shared', 'collected'] as const;
type Tab = (typeof TABS)[number];

const customValuesOf = (p: ProjectListItem) => p.customFields ?? {};

/**
 * The project list of an FMEA area (spec 001 §2): tabs, search, filters,
 * sortable columns, create/edit, delete, import and export. Which projects,
 * which route's buttons and which project page come from the FmeaKind in
 * context (DFMEA unless a provider says otherwise).
 */
export function FmeaProjectList({ basePath }: { basePath: string }) {
  const { t, i18n } = useLingui();
  const kind = useFmeaKind();
  const labels = useGridLabels();
  const user = useSnapshot(session).user as UserInfo | null;
  const allowed = (button: ButtonOf<ProjectRouteName>) => can(user, kind.route, button);
  const navigate = useGuardedNavigate();
  const deleteWithUsage = useDeleteWithUsage();
  const [tab, setTab] = useState<Tab>('all');
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<ProjectFilterValues>(NO_FILTERS);
  const [customFilter, setCustomFilter] = useState<CustomFilter>(NO_CUSTOM_FILTER);
  // the header's custom fields: grid columns (sortable) and the toolbar's custom filter
  const customFields = useCustomFields('fmeaProject');
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<ProjectView | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [sharing, setSharing] = useState<ProjectListItem | null>(null);
  const [copying, setCopying] = useState<ProjectListItem | null>(null);
  // the design area also holds family FMEAs (spec 001 §3 projectType family): the list shows one type at a time
  const [listType, setListType] = useState<ProjectType>(kind.projectType);
  const reload = () => setReloadKey((k) => k + 1);

  const tabLabel = (value: Tab) =>
    ({ all: t`All`, mine: t`Created by me`, responsible: t`I am responsible`, participating: t`Participating`, shared: t`Shared with me`, collected: t`Collected` })[value];

  const fetchPage = useCallback(
    ({ page, limit, sort }: DataGridQuery) =>
      api.post('/api/project/list', { tab, page, limit, projectType: listType, search: search || undefined, ...listQuery(filters, sort), ...customListQuery(customFilter, customFields, sort) }),
    [tab, search, filters, listType, customFilter, customFields],
  );
  const filtered = hasFilters(filters) || customFilter.field !== '';
  // the language is part of the query: the server names stage and customer in it
  const queryKey = JSON.stringify([tab, search, filters, customFilter, i18n.locale, listType]);

  // a new tab, search or filter starts again on page 1 (the grid's queryKey); saves reload the same page
  const changeTab = (value: Tab) => setTab(value);
  const changeFilters = (value: ProjectFilterValues) => setFilters(value);

  const open = (p: ProjectListItem) => void navigate(projectPageLink(p.projectType, p.id));

  const edit = async (p: ProjectListItem) => {
    try {
      setEditing(await api.get('/api/project/selectProjectById', { projectId: p.id }));
    } catch (error) {
      notifyError(error);
    }
  };

  // projects made from this one or holding nodes borrowed from it make the server ask "used by N" first
  const remove = async (p: ProjectListItem) => {
    try {
      const view = await api.get('/api/project/selectProjectById', { projectId: p.id });
      if (!(await deleteWithUsage(p.name, view.version, p.id))) return;
      notify('success', t`Project deleted`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  };

  // favourites are the caller's own: any signed-in user may star a project they can see
  const toggleCollected = async (p: ProjectListItem) => {
    try {
      await api.post(p.collected ? '/api/collect/remove' : '/api/collect/add', { collectType: kindOf(p.projectType).collectType as CollectType, targetId: p.id });
      reload();
    } catch (error) {
      notifyError(error);
    }
  };

  const exportProject = (p: ProjectListItem) => void api.download('/api/project/exportData', `${p.serialNum}.xlsx`, { projectId: p.id }).catch(notifyError);


  // the header's custom fields: shown ones as columns, the others offered in the column menu
  const customColumns = useCustomFieldColumns<ProjectListItem>(customFields, customValuesOf);
  const columns = useMemo<DataGridColumn<ProjectListItem>[]>(
    () => [
      {
        id: 'serialNum',
        header: t`Number`,
        // widths that fit 1366 pixels with every column whole in either language (the owner's six actions too)
        width: 136,
        sortable: true,
        hideable: false,
        cell: (p) => (
          // a long typed number (up to 50 characters) shortens itself with its whole text on hover, as the name does
          <Button kind="link" className="btn btn-link dfmea-name-link" title={p.serialNum} data-testid="project-number-link" onClick={() => open(p)}>
            {p.serialNum}
          </Button>
        ),
      },
      {
        id: 'name',
        header: t`Project name`,
        width: 200,
        hideable: false,
        sortable: true,
        // the name opens the project, as the number does
        cell: (p) => (
          <Button kind="link" className="btn btn-link dfmea-name-link" title={p.name} data-user-content data-testid="project-name-link" onClick={() => open(p)}>
            {p.name}
          </Button>
        ),
      },
      { id: 'reviewStatus', header: t`Review status`, width: 132, cell: (p) => <ReviewBadge status={p.reviewStatus} testId="project-review-status" /> },
      { id: 'responsible', header: t`Responsible person`, accessor: (p) => p.responsibleName ?? '', width: 112 },
      // the server names dictionary codes in the user's language (labels)
      { id: 'stage', header: t`Stage`, accessor: (p) => p.labels?.stage ?? p.stage ?? '', width: 96 },
      { id: 'customer', header: t`Customer`, accessor: (p) => p.labels?.customer ?? p.customer ?? '', width: 112 },
      { id: 'versionLabel', header: t`Version`, accessor: (p) => p.versionLabel ?? '', width: 76 },
      { id: 'sopDate', header: t`SOP date`, accessor: (p) => p.sopDate ?? '', width: 104, sortable: true },
      ...customColumns,
      {
        id: 'actions',
        header: t`Actions`,
        width: 300,
        hideable: false,
        cell: (p) => (
          <span className="dfmea-actions">
            <Button
              kind="link"
              className="btn btn-link dfmea-star"
              data-testid="dfmea-collect"
              aria-pressed={p.collected}
              aria-label={p.collected ? t`Remove from collection` : t`Collect`}
              title={p.collected ? t`Remove from collection` : t`Collect`}
              onClick={() => void toggleCollected(p)}
            >
              {p.collected ? '★' : '☆'}
            </Button>
            {allowed('edit') && p.myRoles?.length ? (
              <Button kind="link" onClick={() => void edit(p)}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {allowed('edit') && (user?.isAdmin || p.myRoles?.includes(0)) ? (
              <Button kind="link" data-testid="dfmea-share" onClick={() => setSharing(p)}>
                <Trans>Share</Trans>
              </Button>
            ) : null}
            {allowed('export') && (p.myRoles || tab === 'shared') ? (
              <Button kind="link" onClick={() => (kind.workbook ? void kind.workbook.exportProject(p).catch(notifyError) : exportProject(p))}>
                <Trans>Export</Trans>
              </Button>
            ) : null}
            {allowed('add') ? (
              // only the owner (or an administrator) copies (spec 000 §6); others see why not
              <Button
                kind="link"
                data-testid="dfmea-copy"
                disabled={!(user?.isAdmin || p.myRoles?.includes(0))}
                title={user?.isAdmin || p.myRoles?.includes(0) ? undefined : t`Only the responsible person of the project may copy it`}
                onClick={() => setCopying(p)}
              >
                <Trans>Copy</Trans>
              </Button>
            ) : null}
            {allowed('del') && p.myRoles?.includes(0) ? (
              <Button kind="link" onClick={() => void remove(p)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, user, tab, kind, customColumns],
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchText.trim());
  };

  return (
    <div className="page dfmea-list" data-testid="dfmea-project-list">
      <PageHeader
        title={kind.texts?.listTitle ?? <Trans>DFMEA projects</Trans>}
        actions={
          <>
            {allowed('add') ? (
              <Button kind="primary" data-testid="dfmea-new" onClick={() => setEditing('new')}>
                <Trans>New project</Trans>
              </Button>
            ) : null}
            {allowed('import') && (!kind.workbook || kind.workbook.ImportDialog) ? (
              <Button data-testid="dfmea-import" onClick={() => setImporting(true)}>
                <Trans>Import workbook</Trans>
              </Button>
            ) : null}
            {kind.workbook ? null : (
              <Button data-testid="fmea-templates-link" onClick={() => void navigate(`${basePath}/templates`)}>
                <Trans>FMEA templates</Trans>
              </Button>
            )}
          </>
        }
      />
      <div role="tablist" aria-label={t`Project lists`} className="dfmea-list-tabs">
        {TABS.map((value) => (
          <button key={value} type="button" role="tab" aria-selected={tab === value} className={tab === value ? 'active' : ''} onClick={() => changeTab(value)}>
            {tabLabel(value)}
          </button>
        ))}
      </div>
      <DataGrid<ProjectListItem>
        // the grid takes its columns' visibility once: it starts again when the custom fields arrive
        key={customFields.map((f) => `${f.id}:${f.shown}`).join(',')}
        aria-label={kind.texts?.listTitle ?? t`DFMEA projects`}
        columns={columns}
        rowKey={(p) => p.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        queryKey={queryKey}
        labels={labels}
        emptyText={search ? t`No project matches the search` : filtered ? t`No project matches the filters` : t`No projects yet`}
        toolbar={
          <form noValidate className="dfmea-toolbar" onSubmit={submit} role="search">
            {kind.listTypes.length > 1 ? (
              <Select
                aria-label={t`Project type`}
                data-testid="dfmea-list-type"
                style={{ width: 140 }}
                value={listType}
                onChange={(e) => setListType(kind.listTypes.find((o) => o.type === e.target.value)?.type ?? kind.projectType)}
                options={kind.listTypes.map((o) => ({ value: o.type, label: i18n._(o.label) }))}
              />
            ) : null}
            <TextInput aria-label={t`Search by number or name`} placeholder={t`Number or name`} value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={200} />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
            <ProjectFilters value={filters} onChange={changeFilters} />
            <CustomFieldFilter fields={customFields} value={customFilter} onChange={setCustomFilter} />
          </form>
        }
      />
      {editing === 'new' && kind.workbook ? (
        <kind.workbook.NewProjectDialog
          onClose={() => setEditing(null)}
          onCreated={(p) => {
            setEditing(null);
            notify('success', t`Project saved`);
            void navigate(projectPageLink(p.projectType, p.id));
          }}
        />
      ) : editing ? (
        <ProjectDialog
          project={editing === 'new' ? null : editing}
          projectType={listType}
          myId={user?.userId}
          onClose={() => setEditing(null)}
          onSaved={(p) => {
            const created = editing === 'new';
            setEditing(null);
            notify('success', t`Project saved`);
            if (created) void navigate(projectPageLink(p.projectType, p.id));
            else reload();
          }}
        />
      ) : null}
      {sharing ? (
        <ShareDialog
          project={sharing}
          onClose={() => setSharing(null)}
          onSaved={() => {
            setSharing(null);
            notify('success', t`Share saved`);
          }}
        />
      ) : null}
      {copying ? (
        <CopyProjectDialog
          project={copying}
          onClose={() => setCopying(null)}
          onSaved={(p) => {
            setCopying(null);
            notify('success', t`Project copied`);
            void navigate(projectPageLink(p.projectType, p.id));
          }}
        />
      ) : null}
      {importing && kind.workbook?.ImportDialog ? (
        <kind.workbook.ImportDialog onClose={() => setImporting(false)} onImported={reload} />
      ) : (
        <ImportDialog open={importing} onClose={() => setImporting(false)} onImported={reload} />
      )}
    </div>
  );
}
