import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { DbOrTx } from '../../db/client.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { TxContext } from '../shared/context.ts';
import { ConflictError } from '../../errors.ts';
import { deletionImpact, indexGraph, type DeletionImpact, type FmeaItemRef } from '../../domain/fmea/index.ts';
import { deleteRemovedSet, loadGraph } from './graph-load.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

/**
 * The sort value that puts a new row after its siblings, as an expression the
 * INSERT computes itself (one statement less on every add; the write
 * transaction keeps it consistent).
 */
export function nextSort(table: SQLiteTable, sortColumn: SQLiteColumn, where: SQL): SQL<number> {
  return sql<number>`(select coalesce(max(${sortColumn}), 0) + 1 from ${table} where ${where})`;
}

/**
 * Deletes an item with everything the engine's impact names. When nodes
 * elsewhere use it (links that would be cut), `confirm` must be true, else
 * ConflictError('fmea.node_in_use', { count }) and nothing changes. The
 * catalog records the removed items cited are released (their log records
 * are returned).
 */
export async function deleteWithImpact(
  db: DbOrTx,
  txCtx: TxContext,
  projectId: string,
  target: FmeaItemRef,
  confirm: boolean | undefined,
): Promise<{ impact: DeletionImpact; logs: OperationRecord[] }> {
  const impact = deletionImpact(indexGraph(await loadGraph(db, projectId)), target);
  if (impact.count > 0 && !confirm) throw new ConflictError('fmea.node_in_use' satisfies FmeaServiceMessageKey, { count: impact.count });
  const logs = await deleteRemovedSet(db, txCtx, impact.removed);
  return { impact, logs };
}

