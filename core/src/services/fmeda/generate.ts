import { and, asc, eq, inArray } from 'drizzle-orm';
import { fmeaFailure, fmeaFunction, fmeaNode } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { openableProject } from '../fmea/access.ts';
import type { ServiceContext } from '../shared/context.ts';
import type { FmedaRowSave } from './project.ts';

/**
 * The worksheet an FMEDA starts with when generated from a DFMEA (issue 23): the chosen structure node's
 * lower-level elements (its children; the node itself when it has none) are the row groups, each failure
 * on an element's functions a row. Those are the modes (FM) at the element's own focus and the causes (FC)
 * the level above sees in it: the handbook's focus shift makes a component's failure mode its parent's
 * cause, and a component-level DFMEA keeps them as causes. Effects (FE) are what the element's failure
 * does, not a mode of it, and are left out; a failure met twice on one element is one row.
 *
 * λ is not in a DFMEA: rows start at 0 FIT (filled from the hardware catalog or typed), the element's
 * modes share its λ equally, and every mode is single-point until the engineer says otherwise, the
 * cautious reading (it counts fully against the SPFM).
 */
export async function generatedRows(ctx: ServiceContext, dfmeaId: string, nodeId: string | null): Promise<{ projectId: string; nodeId: string; nodeName: string; rows: FmedaRowSave[] }> {
  await openableProject(ctx.db, ctx.actor, dfmeaId, ctx.now());
  const nodes = await ctx.db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, name: fmeaNode.name, sort: fmeaNode.sort }).from(fmeaNode).where(eq(fmeaNode.projectId, dfmeaId)).orderBy(asc(fmeaNode.sort), asc(fmeaNode.id));
  const chosen = nodeId ? nodes.find((n) => n.id === nodeId) : nodes.find((n) => n.parentId === null);
  if (!chosen) throw new NotFoundError('fmeda.source_node_not_found', { node: nodeId ?? '' });
  const children = nodes.filter((n) => n.parentId === chosen.id);
  const elements = children.length ? children : [chosen];
  const functions = await ctx.db
    .select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId })
    .from(fmeaFunction)
    .where(and(eq(fmeaFunction.projectId, dfmeaId), inArray(fmeaFunction.nodeId, elements.map((e) => e.id))))
    .orderBy(asc(fmeaFunction.sort), asc(fmeaFunction.id));
  const failures = functions.length
    ? await ctx.db
        .select({ id: fmeaFailure.id, functionId: fmeaFailure.functionId, kind: fmeaFailure.kind, description: fmeaFailure.description })
        .from(fmeaFailure)
        .where(and(eq(fmeaFailure.projectId, dfmeaId), inArray(fmeaFailure.functionId, functions.map((f) => f.id)), inArray(fmeaFailure.kind, ['FM', 'FC'])))
        .orderBy(asc(fmeaFailure.sort), asc(fmeaFailure.id))
    : [];
  const rows: FmedaRowSave[] = [];
  for (const element of elements) {
    const fnIds = functions.filter((f) => f.nodeId === element.id).map((f) => f.id);
    const seen = new Set<string>();
    const modes = failures.filter((f) => fnIds.includes(f.functionId) && !seen.has(f.description.trim()) && seen.add(f.description.trim()));
    // equal shares, rounded down to 0.01 % so that they never add up to more than the whole
    const share = modes.length ? Math.floor(10000 / modes.length) / 100 : 0;
    for (const mode of modes) {
      rows.push({ elementName: element.name, elementFit: 0, failureMode: mode.description.trim(), distributionPct: share, faultClass: 'single-point', sourceNodeId: element.id, sourceFailureId: mode.id });
    }
  }
  return { projectId: dfmeaId, nodeId: chosen.id, nodeName: chosen.name, rows };
}
