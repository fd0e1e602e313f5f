import { and, count, desc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import { operationLog } from '../../db/schema/index.ts';
import { OPERATION_ACTIONS, operationActionKey, operationEntityKey } from '../../domain/oplog/index.ts';
import { loadCatalogs, translate, type Locale } from '../../i18n/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { contains, pageWindow, startsWith, type Page, type PageQuery } from '../shared/paging.ts';

export type OperationLogEntry = typeof operationLog.$inferSelect;

export interface OperationLogQuery extends PageQuery {
  userName?: string;
  /** Prefix of the action, e.g. 'user.' or 'user.create'. */
  action?: string;
  entity?: string;
  entityId?: string;
  from?: Date;
  to?: Date;
  search?: string;
  /** The reader's language: `search` also finds the actions whose name in it contains the text. */
  locale?: Locale;
}

/** The actions whose name in `locale` contains `text` (any case). */
function actionsNamed(text: string, locale: Locale): string[] {
  const wanted = text.toLowerCase();
  return OPERATION_ACTIONS.filter((action) => translate(locale, operationActionKey(action)).toLowerCase().includes(wanted));
}

/** Newest first. */
export async function listOperations(ctx: ServiceContext, query: OperationLogQuery = {}): Promise<Page<OperationLogEntry>> {
  const { page, limit, offset } = pageWindow(query);
  const conditions: (SQL | undefined)[] = [
    query.userName ? eq(operationLog.userName, query.userName) : undefined,
    query.action ? startsWith(operationLog.action, query.action) : undefined,
    query.entity ? eq(operationLog.entity, query.entity) : undefined,
    query.entityId ? eq(operationLog.entityId, query.entityId) : undefined,
    query.from ? gte(operationLog.at, query.from) : undefined,
    query.to ? lte(operationLog.at, query.to) : undefined,
    query.search
      ? or(
          contains(operationLog.action, query.search),
          contains(operationLog.userName, query.search),
          query.locale ? inArray(operationLog.action, actionsNamed(query.search, query.locale)) : undefined,
        )
      : undefined,
  ];
  const where = and(...conditions);
  const reader = await readDb(ctx);
  const [total] = await reader.select({ n: count() }).from(operationLog).where(where);
  const items = await reader.select().from(operationLog).where(where).orderBy(desc(operationLog.id)).limit(limit).offset(offset);
  return { items, total: total?.n ?? 0, page, limit };
}

export interface OperationNames {
  /** The action in the reader's language ('User created'); the code itself for one no catalog names. */
  actionLabel: string;
  /** The record type in the reader's language ('User'); the code itself when unnamed. */
  entityLabel: string;
}

/** Names an entry's action and record type in `locale`, as the log page, the API and the CLI show them. */
export function nameOperation(entry: Pick<OperationLogEntry, 'action' | 'entity'>, locale: Locale): OperationNames {
  const named = (key: string, code: string) => (key in loadCatalogs()[locale] ? translate(locale, key) : code);
  return { actionLabel: named(operationActionKey(entry.action), entry.action), entityLabel: named(operationEntityKey(entry.entity), entry.entity) };
}
