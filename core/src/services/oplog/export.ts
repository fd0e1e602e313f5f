import { InvalidInputError } from '../../errors.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { MAX_LIMIT } from '../shared/paging.ts';
import { writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { listOperations, nameOperation, type OperationLogQuery } from './oplog.ts';

/** The most entries one export writes: a log of years is narrowed by its filters first (a clear refusal says how). */
export const OPERATION_EXPORT_MAX = 50_000;
/** Excel keeps at most 32,767 characters in a cell: a longer record before/after is cut there, marked. */
const CELL_MAX = 32_000;

type Column = 'at' | 'userName' | 'action' | 'actionCode' | 'entity' | 'entityId' | 'ip' | 'before' | 'after';
const COLUMNS: readonly Column[] = ['at', 'userName', 'action', 'actionCode', 'entity', 'entityId', 'ip', 'before', 'after'];
const WIDTHS: Partial<Record<Column, number>> = { at: 22, action: 26, entityId: 30, before: 50, after: 50 };

const json = (value: unknown): string | null => {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text;
};

/**
 * The operation log as an xlsx workbook, newest first, with the list's filters
 * (user, action prefix, record type, record, date range, search). Headers, actions
 * and record types in `locale`, the action's code beside its name, times in
 * UTC (ISO 8601). Read page by page through the list's one query, so the
 * export and the list can never disagree about what a filter means.
 */
export async function exportOperations(ctx: ServiceContext, query: Omit<OperationLogQuery, 'page' | 'limit'>, locale: Locale): Promise<Uint8Array> {
  const first = await listOperations(ctx, { ...query, locale, page: 1, limit: MAX_LIMIT });
  if (first.total > OPERATION_EXPORT_MAX) throw new InvalidInputError('oplog.export_too_many', { count: first.total, max: OPERATION_EXPORT_MAX });
  const entries = [...first.items];
  for (let page = 2; entries.length < first.total; page++) {
    const next = await listOperations(ctx, { ...query, locale, page, limit: MAX_LIMIT });
    if (!next.items.length) break;
    entries.push(...next.items);
  }
  const columns: SheetColumn<Column>[] = COLUMNS.map((key) => ({ key, headers: [translate(locale, `oplog.column.${key}`)], width: WIDTHS[key] }));
  return writeSheet(
    translate(locale, 'oplog.sheet'),
    columns,
    entries.map((entry) => {
      const { actionLabel, entityLabel } = nameOperation(entry, locale);
      return {
        at: entry.at.toISOString(),
        userName: entry.userName,
        action: actionLabel,
        actionCode: entry.action,
        entity: entityLabel,
        entityId: entry.entityId,
        ip: entry.ip,
        before: json(entry.before),
        after: json(entry.after),
      };
    }),
  );
}
