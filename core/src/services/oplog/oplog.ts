import { and, count, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import { operationLog } from '../../db/schema/index.ts';
import type { ServiceContext } from '../shared/context.ts';
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
    query.search ? or(contains(operationLog.action, query.search), contains(operationLog.userName, query.search)) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await ctx.db.select({ n: count() }).from(operationLog).where(where);
  const items = await ctx.db.select().from(operationLog).where(where).orderBy(desc(operationLog.id)).limit(limit).offset(offset);
  return { items, total: total?.n ?? 0, page, limit };
}
