import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { CATALOG_TYPES, isCatalogTypeId, KNOWLEDGE_STATUS, type ButtonOf, type CatalogTypeDefinition, type RouteName } from '@fmea/core/domain';
import type { AreaPageProps } from '../../plugin/contract.ts';
import type { Locale } from '../../i18n/index.ts';
import { useGridLabels } from '../../shell/grid-labels.ts';
import { useUser } from '../../stores/use-user.ts';
import { can } from '../../stores/session.ts';
import { DataGrid, type DataGridQuery } from '../data-grid/index.ts';
import { confirm, notify, notifyError } from '../feedback.tsx';
import { Button, PageHeader, TextInput } from '../form.tsx';
import { catalogApi, type CatalogFlowAction, type CatalogRow } from './catalog-api.ts';
import { useCatalogColumns, type RowHandlers } from './columns.tsx';
import { CatalogFilters, CreatorTabs, NO_FILTERS, type CatalogFilterValues } from './CatalogFilters.tsx';
import { DetailsDialog } from './DetailsDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { dictionariesOf, textIn } from './labels.ts';
import { RecordDialog } from './RecordDialog.tsx';
import { CatalogReviewDialog, type CatalogReviewAction } from './ReviewDialog.tsx';
import { useDictionaries } from './use-dictionaries.ts';
import { useCustomFields } from '../form/custom-fields.tsx';
import { CustomFieldFilter, customListQuery, NO_CUSTOM_FILTER, type CustomFilter } from '../form/custom-field-filter.tsx';
import './catalog.css';

export interface CatalogPageProps extends AreaPageProps {
  /** A line under the title, in the plugin's words. */
  readonly intro?: ReactNode;
}

/** The one catalog page (knowledge base, master data, experience, …): the list of the type its page declares (`catalogType`). */
export function CatalogPage({ area, microRoute, intro }: CatalogPageProps) {
  const typeId = area.pages.find((p) => p.microRoute === microRoute)?.catalogType;
  if (!isCatalogTypeId(typeId)) return null;
  // keyed by type, so moving to another catalog starts afresh (filters, dialogs)
  return <CatalogList key={typeId} type={CATALOG_TYPES[typeId]} intro={intro} />;
}

type Dialogs =
  | { kind: 'edit'; row: CatalogRow | null }
  | { kind: 'review'; row: CatalogRow; action: CatalogReviewAction }
  | { kind: 'details'; row: CatalogRow }
  | { kind: 'import' }
  | null;

function CatalogList({ type, intro }: { type: CatalogTypeDefinition; intro?: ReactNode }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const labels = useGridLabels();
  const user = useUser();
  const allowed = (button: ButtonOf<RouteName>) => can(user, type.route as RouteName, button);
  const calls = useMemo(() => catalogApi(type), [type]);
  const dictionaries = useDictionaries(dictionariesOf(type));
  // `?search=<text>`: a link naming a record (My applications, by its number) opens the list searched for it
  const linked = new URLSearchParams(useSearch()).get('search')?.trim().slice(0, 200) ?? '';
  const [searchText, setSearchText] = useState(linked);
  const [search, setSearch] = useState(linked);
  const [filters, setFilters] = useState<CatalogFilterValues>(NO_FILTERS);
  useEffect(() => {
    // another link while the page is open: its search, with no filter hiding the record
    if (!linked) return;
    setSearchText(linked);
    setSearch(linked);
    setFilters(NO_FILTERS);
  }, [linked]);
  const [customFilter, setCustomFilter] = useState<CustomFilter>(NO_CUSTOM_FILTER);
  const customFields = useCustomFields('catalog');
  const [reloadKey, setReloadKey] = useState(0);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const reload = () => setReloadKey((k) => k + 1);
  const title = textIn(locale, type.title);
  // the page the grid shows, for "export this page"
  const shown = useRef<DataGridQuery>({ page: 1, limit: 10 });

  const listFilter = useMemo(
    () => ({
      search: search || undefined,
      status: filters.status ? [filters.status as '0'] : undefined,
      productTypes: filters.productType ? [filters.productType] : undefined,
      creator: filters.creator,
      allVersions: filters.allVersions,
    }),
    [search, filters],
  );
  const fetchPage = useCallback(
    (query: DataGridQuery) => {
      shown.current = query;
      return calls.list({ ...listFilter, ...customListQuery(customFilter, customFields, query.sort), page: query.page, limit: query.limit });
    },
    [calls, listFilter, customFilter, customFields],
  );

  const act = async (row: CatalogRow, action: CatalogFlowAction) => {
    if (action !== 'withdraw') return setDialog({ kind: 'review', row, action });
    const serial = row.serialNum;
    if (!(await confirm({ title: t`Withdraw the application`, message: t`Withdraw ${serial} from review? It goes back to editing.` }))) return;
    try {
      await calls.flow('withdraw', row);
      notify('success', t`Application withdrawn`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async (row: CatalogRow) => {
    const serial = row.serialNum;
    const version = row.versionNo;
    const message = row.isLatestVersion ? t`Delete ${serial} with all its versions?` : t`Delete version ${version} of ${serial}, which is being prepared?`;
    if (!(await confirm({ title: t`Delete record`, message, danger: true }))) return;
    try {
      await calls.remove(row);
      notify('success', t`Record deleted`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  };

  // stable, so the columns are built once per type, language and dictionaries
  const handlers = useRef<RowHandlers>(null!);
  handlers.current = { open: (row) => setDialog({ kind: 'details', row }), edit: (row) => setDialog({ kind: 'edit', row }), remove: (row) => void remove(row), flow: (row, action) => void act(row, action) };
  const on = useMemo<RowHandlers>(() => ({ open: (r) => handlers.current.open(r), edit: (r) => handlers.current.edit(r), remove: (r) => handlers.current.remove(r), flow: (r, a) => handlers.current.flow(r, a) }), []);
  const columns = useCatalogColumns(type, dictionaries, on);

  const exportList = (scope: 'all' | 'page') => {
    const { page, limit } = shown.current;
    const query = { ...listFilter, status: listFilter.status?.join(','), productTypes: listFilter.productTypes?.join(','), allVersions: listFilter.allVersions ? 'true' : undefined };
    void calls.exportData(`${title}.xlsx`, { scope, ...(scope === 'page' ? { page, limit } : {}), ...query } as never).catch(notifyError);
  };

  // a problem's field by the header the sheet and the list show, in the reader's language
  const fieldLabel = (key: string) => {
    const field = type.fields.find((f) => f.key === key);
    return field ? textIn(locale, field.header) : key === type.serialField ? textIn(locale, type.serialHeader) : key;
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(searchText.trim());
  };

  return (
    <div className="page catalog-page" data-testid={`catalog-${type.id}`}>
      <PageHeader
        title={title}
        actions={
          <>
            {allowed('add') ? (
              <Button kind="primary" data-testid="catalog-new" onClick={() => setDialog({ kind: 'edit', row: null })}>
                <Trans>New</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <>
                <Button data-testid="catalog-import" onClick={() => setDialog({ kind: 'import' })}>
                  <Trans>Import</Trans>
                </Button>
                <Button data-testid="catalog-template" onClick={() => void calls.template(t`${title} template.xlsx`).catch(notifyError)}>
                  <Trans>Blank template</Trans>
                </Button>
              </>
            ) : null}
            {allowed('export') ? (
              <>
                <Button data-testid="catalog-export-all" onClick={() => exportList('all')}>
                  <Trans>Export all</Trans>
                </Button>
                <Button data-testid="catalog-export-page" onClick={() => exportList('page')}>
                  <Trans>Export this page</Trans>
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {intro ? <p className="muted catalog-intro">{intro}</p> : null}
      <CreatorTabs value={filters.creator} onChange={(creator) => setFilters({ ...filters, creator })} />
      <DataGrid<CatalogRow>
        aria-label={title}
        gridId={`catalog-${type.id}`}
        columns={columns}
        rowKey={(row) => row.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        queryKey={JSON.stringify([listFilter, customFilter, locale])}
        rowMarker={(row) => row.marker}
        canEditRow={() => false}
        selectedKey={selected}
        onRowClick={(row) => setSelected(row.id)}
        labels={labels}
        emptyText={search || filters !== NO_FILTERS || customFilter.field ? t`No record matches the search and filters` : t`No records yet`}
        toolbar={
          <form noValidate className="catalog-toolbar" onSubmit={submit} role="search">
            <TextInput aria-label={t`Search by number or description`} placeholder={t`Number or description`} data-testid="catalog-search" value={searchText} onChange={(e) => setSearchText(e.target.value)} maxLength={200} />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
            <CatalogFilters value={filters} onChange={setFilters} productTypes={dictionaries.productType ?? []} hasProductType={type.fields.some((f) => f.key === 'productType')} />
            <CustomFieldFilter fields={customFields} value={customFilter} onChange={setCustomFilter} />
          </form>
        }
      />
      {dialog?.kind === 'edit' ? (
        <RecordDialog
          type={type}
          calls={calls}
          row={dialog.row}
          dictionaries={dictionaries}
          onClose={() => setDialog(null)}
          onSaved={(row) => {
            const version = row.versionNo;
            setDialog(null);
            notify('success', dialog.row?.status === KNOWLEDGE_STATUS.released ? t`Saved as version ${version}, in editing` : t`Record saved`);
            reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'review' ? (
        <CatalogReviewDialog
          type={type}
          row={dialog.row}
          action={dialog.action}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            notify('success', t`Status changed`);
            reload();
          }}
        />
      ) : null}
      {dialog?.kind === 'details' ? <DetailsDialog type={type} calls={calls} row={dialog.row} dictionaries={dictionaries} onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'import' ? <ImportDialog calls={calls} onClose={() => setDialog(null)} onImported={reload} fieldLabel={fieldLabel} /> : null}
    </div>
  );
}
