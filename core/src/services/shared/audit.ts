import { operationLog } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { changesAccess, type OperationAction, type OperationEntity } from '../../domain/oplog/index.ts';
import { bumpAuthStamp } from './auth-stamp.ts';
import type { Operator } from './context.ts';

export interface OperationRecord {
  /** A listed action: the log names it in the reader's language. */
  action: OperationAction;
  entity: OperationEntity;
  entityId?: string | null;
  before?: unknown;
  after?: unknown;
  /** Why, where a rule asks for a reason (the interface reason rule): shown in the row's history. */
  reason?: string | null;
}

const SECRET_FIELDS = new Set(['passwordHash', 'password', 'userPwd']);

/** Never let a secret reach the log. */
function scrub(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.map(scrub);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SECRET_FIELDS.has(k) ? '***' : scrub(v);
    return out;
  }
  return value;
}

/** Writes one operation-log row (and moves the auth stamp for a change of access); call it inside the transaction of the change. */
export async function recordOperation(db: DbOrTx, actor: Operator, at: Date, record: OperationRecord): Promise<void> {
  await db.insert(operationLog).values({
    at,
    userId: actor.userId,
    userName: actor.userName,
    action: record.action,
    entity: record.entity,
    entityId: record.entityId ?? null,
    before: scrub(record.before),
    after: scrub(record.after),
    reason: record.reason ?? null,
    ip: actor.ip ?? null,
  });
  // a change of who may do what reaches every server's session cache at once (auth-stamp.ts)
  if (changesAccess(record.action)) await bumpAuthStamp(db);
}
