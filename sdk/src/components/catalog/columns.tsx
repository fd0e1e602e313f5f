import { useCustomFieldColumns, useCustomFields } from '../form/custom-fields.tsx';
import { useMemo } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogField, CatalogTypeDefinition } from '@fmea/core/domain';
import type { DataGridColumn } from '../data-grid/index.ts';
import { Button } from '../form.tsx';
import { formatDateTime } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/index.ts';
import type { CatalogFlowAction, CatalogRow } from './catalog-api.ts';
import { displayValue, textIn, useCatalogWords } from './labels.ts';
import './catalog.css';
import type { DictionaryItems } from './use-dictionaries.ts';

/** What a row's buttons do; the page decides (dialogs, confirmations). */
export interface RowHandlers {
  open: (row: CatalogRow) => void;
  edit: (row: CatalogRow) => void;
  remove: (row: CatalogRow) => void;
  flow: (row: CatalogRow, action: CatalogFlowAction) => void;
}

/** A knowledge status as a coloured tag (spec 001 §4), in the one set of words every page uses. */
export function StatusTag({ status }: { status: string }) {
  const words = useCatalogWords();
  return (
    <span className={`catalog-status catalog-status-${status}`} data-status={status}>
      {words.status(status)}
    </span>
  );
}

/** The row's buttons: those the server says the caller may use now (`can`), it checks again when they act. */
function RowActions({ row, on }: { row: CatalogRow; on: RowHandlers }) {
  const { t } = useLingui();
  const flowLabels: Record<CatalogFlowAction, string> = { apply: t`Apply`, audit: t`Audit`, approve: t`Approve`, reject: t`Reject`, withdraw: t`Withdraw` };
  const flows = (['apply', 'audit', 'approve', 'reject', 'withdraw'] as const).filter((a) => row.can[a]);
  return (
    <span className="catalog-actions">
      {row.can.edit ? (
        <Button kind="link" data-testid="catalog-edit" onClick={() => on.edit(row)}>
          <Trans>Edit</Trans>
        </Button>
      ) : null}
      {flows.map((action) => (
        <Button key={action} kind="link" data-testid={`catalog-${action}`} onClick={() => on.flow(row, action)}>
          {flowLabels[action]}
        </Button>
      ))}
      {row.can.del ? (
        <Button kind="link" className="btn btn-link catalog-danger" data-testid="catalog-delete" onClick={() => on.remove(row)}>
          <Trans>Delete</Trans>
        </Button>
      ) : null}
    </span>
  );
}

/** The list's columns, from the declaration: number, the fields in their order, then status, version, quotes, creator and time. */
export function useCatalogColumns(type: CatalogTypeDefinition, dictionaries: DictionaryItems, on: RowHandlers): DataGridColumn<CatalogRow>[] {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  // the custom fields of catalogs (one set for every type) after the type's own fields
  const custom = useCustomFieldColumns<CatalogRow>(useCustomFields('catalog'), customValuesOf);
  // the grid keeps its widths and menu by the columns' identity: rebuilt only when what they show changes
  return useMemo(() => columnsOf(type, locale, dictionaries, on, { status: t`Status`, version: t`Version`, cited: t`Cited`, creator: t`Created by`, updated: t`Updated`, actions: t`Actions` }, custom),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [type, locale, dictionaries, on, custom]);
}

const customValuesOf = (row: CatalogRow) => row.customFields;

function columnsOf(
  type: CatalogTypeDefinition,
  locale: Locale,
  dictionaries: DictionaryItems,
  on: RowHandlers,
  headers: Record<'status' | 'version' | 'cited' | 'creator' | 'updated' | 'actions', string>,
  custom: readonly DataGridColumn<CatalogRow>[],
): DataGridColumn<CatalogRow>[] {
  // at first: the description (in English too for English readers), product type, category, whole-number ratings and the
  // first two fields a record must have or that classify it (required, enum, dictionary); optional free text, codes and
  // fractions (often empty) from the column menu, so status and actions stay near
  const notable = type.fields.filter((f) => !f.column && f.kind !== 'number' && (f.required || f.kind === 'enum' || f.kind === 'dictionary')).slice(0, 2);
  const shown = (field: CatalogField) =>
    field.column === 'text' || field.column === 'productType' || field.column === 'category' || (field.kind === 'number' && field.integer === true) || notable.includes(field) || (field.kind === 'enText' && locale === 'en-US');
  const fields: DataGridColumn<CatalogRow>[] = type.fields.map((field) => ({
    id: field.key,
    header: textIn(locale, field.header),
    width: field.column === 'text' || field.kind === 'enText' ? 260 : field.kind === 'number' ? 104 : field.kind === 'enum' ? 150 : 130,
    hidden: !shown(field),
    hideable: field.column !== 'text',
    accessor: (row: CatalogRow) => displayValue(field, row.values[field.key], dictionaries, locale),
  }));
  return [
    {
      id: 'serialNum',
      header: textIn(locale, type.serialHeader),
      width: 140,
      hideable: false,
      cell: (row) => (
        <Button kind="link" data-testid="catalog-open" onClick={() => on.open(row)}>
          {row.serialNum}
        </Button>
      ),
    },
    ...fields,
    ...custom,
    { id: 'status', header: headers.status, width: 100, cell: (row) => <StatusTag status={row.status} /> },
    { id: 'versionNo', header: headers.version, width: 76, accessor: (row) => `V${row.versionNo}` },
    { id: 'quoteCount', header: headers.cited, width: 80, accessor: 'quoteCount' },
    { id: 'createRealName', header: headers.creator, width: 110, accessor: (row) => row.createRealName ?? '' },
    { id: 'updateTime', header: headers.updated, width: 170, accessor: (row) => formatDateTime(row.updateTime, locale) },
    { id: 'actions', header: headers.actions, width: 220, hideable: false, cell: (row) => <RowActions row={row} on={on} /> },
  ];
}
