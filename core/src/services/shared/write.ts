import type { Tx } from '../../db/client.ts';
import { recordOperation, type OperationRecord } from './audit.ts';
import type { ServiceContext, TxContext } from './context.ts';

/**
 * Runs a write in one transaction and logs it there: the change and its log
 * row land together or not at all. `work` returns the result and what to log.
 */
export async function writeAndLog<T>(
  ctx: ServiceContext,
  work: (tx: Tx, txCtx: TxContext) => Promise<{ result: T; log: OperationRecord | OperationRecord[] }>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const at = ctx.now();
    const { result, log } = await work(tx, { ...ctx, db: tx });
    for (const record of Array.isArray(log) ? log : [log]) await recordOperation(tx, ctx.actor, at, record);
    return result;
  });
}
