import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaNode } from '../../db/schema/index.ts';

/** A function a missing cause may go on, as the accept dialog offers it. */
export interface CauseFunctionChoice {
  readonly id: string;
  readonly description: string;
  /** The structure element it belongs to. */
  readonly nodeName: string;
  /** The one used when the accepting person names none. */
  readonly isDefault: boolean;
}

type Mode = Pick<typeof fmeaFailure.$inferSelect, 'id' | 'functionId'>;

/** Where a missing cause goes when none is named: the function of the mode's first cause (in structure order), else the mode's first lower function in the function net. */
export async function defaultCauseFunction(db: DbOrTx, mode: Mode): Promise<string | null> {
  const cause = await db
    .select({ functionId: fmeaFailure.functionId })
    .from(fmeaFailureLink)
    .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaFailureLink.lowerFailureId))
    .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
    .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
    .where(and(eq(fmeaFailureLink.higherFailureId, mode.id), eq(fmeaFailure.kind, 'FC')))
    // first in structure order (a failure's sort counts within its function only)
    .orderBy(asc(fmeaNode.sort), asc(fmeaNode.id), asc(fmeaFunction.sort), asc(fmeaFailure.sort))
    .get();
  if (cause) return cause.functionId;
  const lower = await db.select({ functionId: fmeaFunctionLink.lowerFunctionId }).from(fmeaFunctionLink).where(eq(fmeaFunctionLink.higherFunctionId, mode.functionId)).get();
  return lower?.functionId ?? null;
}

/**
 * The functions a cause under this mode may go on, as the failure net's chain rule allows an FM → FC link
 * (`failureLinkRefusal`): a lower function in the function net, or a function of a child element of the mode's
 * element. In structure order; the default marked.
 */
export async function causeFunctionChoices(db: DbOrTx, mode: Mode): Promise<CauseFunctionChoice[]> {
  const own = await db.select({ nodeId: fmeaFunction.nodeId }).from(fmeaFunction).where(eq(fmeaFunction.id, mode.functionId)).get();
  if (!own) return [];
  const netLower = db.select({ id: fmeaFunctionLink.lowerFunctionId }).from(fmeaFunctionLink).where(eq(fmeaFunctionLink.higherFunctionId, mode.functionId));
  const rows = await db
    .select({ id: fmeaFunction.id, description: fmeaFunction.description, nodeName: fmeaNode.name })
    .from(fmeaFunction)
    .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
    .where(or(eq(fmeaNode.parentId, own.nodeId), inArray(fmeaFunction.id, netLower)))
    .orderBy(asc(fmeaNode.sort), asc(fmeaNode.id), asc(fmeaFunction.sort));
  const fallback = await defaultCauseFunction(db, mode);
  return rows.map((r) => ({ ...r, isDefault: r.id === fallback }));
}
