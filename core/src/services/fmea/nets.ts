import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaNode } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../../errors.ts';
import {
  brokenLinkCount,
  failureLinkRefusal,
  functionLinkRefusal,
  indexGraph,
  linksBrokenBy,
  type BrokenLinks,
  type FmeaGraph,
} from '../../domain/fmea/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertProjectEditable } from './access.ts';
import { findFunction } from './functions.ts';
import { findFailure } from './failures.ts';
import { loadGraph } from './graph-load.ts';
import { isUniqueViolation } from '../../db/portable.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export type FmeaFunctionLinkRow = typeof fmeaFunctionLink.$inferSelect;
export type FmeaFailureLinkRow = typeof fmeaFailureLink.$inferSelect;

const otherProject = () => new InvalidInputError('fmea.other_project' satisfies FmeaServiceMessageKey);
const duplicate = () => new ConflictError('fmea.link_duplicate' satisfies FmeaServiceMessageKey);
const linkNotFound = (linkId: string) => new NotFoundError('fmea.link_not_found' satisfies FmeaServiceMessageKey, { linkId });

/**
 * Just the rows the link rules read for two functions: the functions, their
 * nodes (with parents), and the function-net links of the project (needed
 * for the cycle check), instead of the whole graph.
 */
async function neighbourhood(db: DbOrTx, projectId: string, functionIds: string[], failures: FmeaGraph['failures'] = []): Promise<FmeaGraph> {
  const functions = await db.select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, sort: fmeaFunction.sort }).from(fmeaFunction).where(inArray(fmeaFunction.id, functionIds));
  const nodes = await db
    .select({ id: fmeaNode.id, parentId: fmeaNode.parentId, nodeType: fmeaNode.nodeType, sort: fmeaNode.sort })
    .from(fmeaNode)
    .where(inArray(fmeaNode.id, functions.map((f) => f.nodeId)));
  const functionLinks = await db
    .select({ id: fmeaFunctionLink.id, higherId: fmeaFunctionLink.higherFunctionId, lowerId: fmeaFunctionLink.lowerFunctionId })
    .from(fmeaFunctionLink)
    .where(eq(fmeaFunctionLink.projectId, projectId));
  return { nodes, functions, functionLinks, failures, characteristics: [], interfaces: [], failureLinks: [], controls: [], actions: [] };
}

/** Function net: the lower function contributes to the higher one (same element or next lower level, no cycles). */
export async function linkFunctions(ctx: ServiceContext, input: { higherFunctionId: string; lowerFunctionId: string }): Promise<FmeaFunctionLinkRow> {
  return writeAndLog(ctx, async (tx) => {
    const higher = await findFunction(tx, input.higherFunctionId);
    const lower = await findFunction(tx, input.lowerFunctionId);
    if (higher.projectId !== lower.projectId) throw otherProject();
    await assertProjectEditable(tx, ctx.actor, higher.projectId, ctx.now(), 'add');
    const index = indexGraph(await neighbourhood(tx, higher.projectId, [higher.id, lower.id]));
    const refusal = functionLinkRefusal(index, higher.id, lower.id);
    if (refusal) throw new InvalidInputError(refusal);
    if (index.functionNet.has(`${higher.id}>${lower.id}`)) throw duplicate();
    const [row] = await tx
      .insert(fmeaFunctionLink)
      .values({ projectId: higher.projectId, higherFunctionId: higher.id, lowerFunctionId: lower.id, createdBy: ctx.actor.userId, createdAt: ctx.now(), updatedAt: ctx.now() })
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? duplicate() : error;
      });
    return { result: row!, log: { action: 'fmea.function_link.create', entity: 'fmea_function_link', entityId: row!.id, after: row } };
  });
}

/**
 * Removes a function-net link. Failure links that only held through it would
 * break: without `confirm` the removal is refused with their count
 * (ConflictError 'fmea.links_broken'), with it they go too.
 */
export async function unlinkFunctions(ctx: ServiceContext, linkId: string, input: { confirm?: boolean } = {}): Promise<BrokenLinks> {
  return writeAndLog(ctx, async (tx) => {
    const link = await tx.select().from(fmeaFunctionLink).where(eq(fmeaFunctionLink.id, linkId)).get();
    if (!link) throw linkNotFound(linkId);
    await assertProjectEditable(tx, ctx.actor, link.projectId, ctx.now(), 'del');
    const graph = await loadGraph(tx, link.projectId);
    const broken = linksBrokenBy(graph, { ...graph, functionLinks: graph.functionLinks.filter((l) => l.id !== linkId) });
    if (brokenLinkCount(broken) > 0 && !input.confirm) throw new ConflictError('fmea.links_broken' satisfies FmeaServiceMessageKey, { count: brokenLinkCount(broken) });
    if (broken.failureLinks.length) await tx.delete(fmeaFailureLink).where(inArray(fmeaFailureLink.id, [...broken.failureLinks]));
    await tx.delete(fmeaFunctionLink).where(eq(fmeaFunctionLink.id, linkId));
    return { result: broken, log: { action: 'fmea.function_link.delete', entity: 'fmea_function_link', entityId: linkId, before: { ...link, removedFailureLinks: broken.failureLinks } } };
  });
}

/** Failure net: FE → FM or FM → FC, following the chain rule (docs/domain/fmea-engine.md). */
export async function linkFailures(ctx: ServiceContext, input: { higherFailureId: string; lowerFailureId: string }): Promise<FmeaFailureLinkRow> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const row = await insertFailureLink(tx, txCtx, input);
    return { result: row, log: { action: 'fmea.failure_link.create', entity: 'fmea_failure_link', entityId: row.id, after: row } };
  });
}

/** linkFailures inside a caller's transaction (the caller logs 'fmea.failure_link.create'). */
export async function insertFailureLink(tx: DbOrTx, txCtx: TxContext, input: { higherFailureId: string; lowerFailureId: string }): Promise<FmeaFailureLinkRow> {
  const higher = await findFailure(tx, input.higherFailureId);
  const lower = await findFailure(tx, input.lowerFailureId);
  if (higher.projectId !== lower.projectId) throw otherProject();
  await assertProjectEditable(tx, txCtx.actor, higher.projectId, txCtx.now(), 'add');
  const failures = [higher, lower].map((f) => ({ id: f.id, functionId: f.functionId, kind: f.kind, sort: f.sort }));
  const index = indexGraph(await neighbourhood(tx, higher.projectId, [higher.functionId, lower.functionId], failures));
  const refusal = failureLinkRefusal(index, higher.id, lower.id);
  if (refusal) throw new InvalidInputError(refusal, { higherKind: higher.kind, lowerKind: lower.kind });
  const [row] = await tx
    .insert(fmeaFailureLink)
    .values({ projectId: higher.projectId, higherFailureId: higher.id, lowerFailureId: lower.id, createdBy: txCtx.actor.userId, createdAt: txCtx.now(), updatedAt: txCtx.now() })
    .returning()
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? duplicate() : error;
    });
  return row!;
}

/** Removes a failure-net link (by id, or by its two ends). Actions stay with their cause. */
export async function unlinkFailures(ctx: ServiceContext, link: string | { higherFailureId: string; lowerFailureId: string }): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const where =
      typeof link === 'string'
        ? eq(fmeaFailureLink.id, link)
        : and(eq(fmeaFailureLink.higherFailureId, link.higherFailureId), eq(fmeaFailureLink.lowerFailureId, link.lowerFailureId));
    const row = await tx.select().from(fmeaFailureLink).where(where).get();
    if (!row) throw linkNotFound(typeof link === 'string' ? link : `${link.higherFailureId}>${link.lowerFailureId}`);
    await assertProjectEditable(tx, ctx.actor, row.projectId, ctx.now(), 'del');
    await tx.delete(fmeaFailureLink).where(eq(fmeaFailureLink.id, row.id));
    return { result: undefined, log: { action: 'fmea.failure_link.delete', entity: 'fmea_failure_link', entityId: row.id, before: row } };
  });
}

