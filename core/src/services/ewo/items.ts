import { and, asc, eq, inArray, max, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bom, bomPart, catalogRecord, ewoItem, fmeaFailure, fmeaFunction, fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { InvalidInputError, NotFoundError, isDomainError, type Issue } from '../../errors.ts';
import { assertEwoEditable, EWO_NOTE_MAX, type EwoFmeaRef, type EwoItemKind } from '../../domain/ewo/index.ts';
import { checkText } from '../../domain/validation/index.ts';
import { assertCatalogRead, catalogCaller, productTypeVisible } from '../catalog/access.ts';
import { BOM_ROUTE } from '../bom/access.ts';
import { openableProject } from '../fmea/access.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { contains } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { ewoCaller, type EwoCaller } from './access.ts';
import { bump, ownedAt, type EwoOutcome } from './ewos.ts';
import type { EwoMessageKey } from './messages.ts';
import { actorName } from './people.ts';
import { ewoView } from './view.ts';

/**
 * What an EWO touches (issue 24): products of the master data, parts of their BOMs, items of FMEA projects.
 * Each is checked to exist and to be one the caller may read (the product's route and product type, the BOM's
 * route, the FMEA project opened by its own rules) before it is added; its number and text are kept with it.
 */
export interface EwoItemInput {
  kind: EwoItemKind;
  /** product: the product's root id or number; bomPart: the part's id; fmeaItem: the node, function or failure id. */
  refId: string;
  /** fmeaItem: the project the item is in, and which kind of item it is. */
  projectId?: string | null;
  fmeaRef?: EwoFmeaRef | null;
  changeNote?: string | null;
}

interface Resolved {
  kind: EwoItemKind;
  refId: string;
  fmeaRef: EwoFmeaRef | null;
  projectId: string | null;
  bomId: string | null;
  productId: string | null;
  code: string;
  label: string;
}

const PRODUCT_ROUTE = { route: 'product_list_index' } as const;

async function resolveProduct(db: DbOrTx, caller: EwoCaller, key: string): Promise<Resolved | null> {
  const reader = await catalogCaller(db, caller.operator, PRODUCT_ROUTE);
  assertCatalogRead(reader);
  const r = catalogRecord;
  const row = await db.select().from(r).where(and(eq(r.type, 'product'), eq(r.isLatestVersion, true), live(r), or(eq(r.rootId, key), eq(r.serialNum, key)))).get();
  if (!row || !productTypeVisible(reader.actor, row.productType)) return null;
  return { kind: 'product', refId: row.rootId, fmeaRef: null, projectId: null, bomId: null, productId: row.rootId, code: row.serialNum, label: row.text };
}

async function resolvePart(db: DbOrTx, caller: EwoCaller, partId: string): Promise<Resolved | null> {
  assertCatalogRead(await catalogCaller(db, caller.operator, { route: BOM_ROUTE }));
  const row = await db.select({ part: bomPart, productId: bom.productId }).from(bomPart).innerJoin(bom, eq(bom.id, bomPart.bomId)).where(and(eq(bomPart.id, partId), live(bom))).get();
  if (!row) return null;
  return { kind: 'bomPart', refId: row.part.id, fmeaRef: null, projectId: null, bomId: row.part.bomId, productId: row.productId, code: row.part.partNum, label: row.part.partName };
}

/** An FMEA item's text as it is now, or null when gone (a node's name, a function's or failure's description). */
export async function fmeaItemText(db: DbOrTx, projectId: string, ref: EwoFmeaRef, id: string): Promise<string | null> {
  if (ref === 'node') return (await db.select({ t: fmeaNode.name }).from(fmeaNode).where(and(eq(fmeaNode.id, id), eq(fmeaNode.projectId, projectId))).get())?.t ?? null;
  if (ref === 'function') return (await db.select({ t: fmeaFunction.description }).from(fmeaFunction).where(and(eq(fmeaFunction.id, id), eq(fmeaFunction.projectId, projectId))).get())?.t ?? null;
  return (await db.select({ t: fmeaFailure.description }).from(fmeaFailure).where(and(eq(fmeaFailure.id, id), eq(fmeaFailure.projectId, projectId), eq(fmeaFailure.kind, ref))).get())?.t ?? null;
}

async function resolveFmeaItem(db: DbOrTx, caller: EwoCaller, input: EwoItemInput, now: Date): Promise<Resolved | null> {
  if (!input.projectId || !input.fmeaRef) return null;
  const { project } = await openableProject(db, caller.operator, input.projectId, now);
  const text = await fmeaItemText(db, project.id, input.fmeaRef, input.refId);
  if (text === null) return null;
  return { kind: 'fmeaItem', refId: input.refId, fmeaRef: input.fmeaRef, projectId: project.id, bomId: null, productId: null, code: project.serialNum, label: text };
}

async function resolve(db: DbOrTx, caller: EwoCaller, input: EwoItemInput, now: Date): Promise<Resolved | null> {
  if (input.kind === 'product') return resolveProduct(db, caller, input.refId);
  if (input.kind === 'bomPart') return resolvePart(db, caller, input.refId);
  return resolveFmeaItem(db, caller, input, now);
}

/** Adds affected items (each checked; none added when any is wrong); one already on the EWO is left as it is. */
export async function addEwoItems(ctx: ServiceContext, key: string, input: { version: number; items: readonly EwoItemInput[] }): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'edit');
  const noteIssues: Issue[] = input.items.flatMap((item, i) => checkText(item.changeNote, { field: 'changeNote', max: EWO_NOTE_MAX }).map((issue) => ({ ...issue, row: i + 1 })));
  if (input.items.length === 0) noteIssues.push({ messageKey: 'ewo.items_required' satisfies EwoMessageKey, field: 'items' });
  if (noteIssues.length) throw new InvalidInputError('validation.failed', {}, noteIssues);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await ownedAt(tx, caller, key, input.version);
    assertEwoEditable(before.status);
    const issues: Issue[] = [];
    const resolved: (Resolved & { changeNote: string | null })[] = [];
    for (const [i, item] of input.items.entries()) {
      let found: Resolved | null = null;
      try {
        found = await resolve(tx, caller, item, txCtx.now());
      } catch (error) {
        // a project or master data the caller may not read is named like a missing one: nothing about it is confirmed
        if (!isDomainError(error) || (error.code !== 'not_found' && error.code !== 'not_allowed')) throw error;
      }
      if (!found) issues.push({ messageKey: `ewo.item_not_found.${item.kind}`, field: 'refId', row: i + 1, params: { ref: item.refId } });
      else resolved.push({ ...found, changeNote: item.changeNote?.trim() || null });
    }
    if (issues.length) throw new InvalidInputError('ewo.items_invalid' satisfies EwoMessageKey, {}, issues);
    const present = new Set((await tx.select({ kind: ewoItem.kind, refId: ewoItem.refId }).from(ewoItem).where(eq(ewoItem.ewoId, before.id))).map((r) => `${r.kind}:${r.refId}`));
    const fresh = resolved.filter((r, i) => !present.has(`${r.kind}:${r.refId}`) && resolved.findIndex((o) => o.kind === r.kind && o.refId === r.refId) === i);
    const last = (await tx.select({ sort: max(ewoItem.sort) }).from(ewoItem).where(eq(ewoItem.ewoId, before.id)).get())?.sort ?? 0;
    const creatorName = await actorName(tx, txCtx.actor);
    if (fresh.length) await tx.insert(ewoItem).values(fresh.map((r, i) => ({ ...r, ewoId: before.id, sort: last + i + 1, creatorName })));
    const row = await bump(tx, txCtx, before, {});
    return {
      result: { ewo: await ewoView(tx, caller, row), messages: [] },
      log: { action: 'ewo.item.add', entity: 'ewo_item', entityId: row.id, after: { ewoNum: row.ewoNum, items: fresh.map((r) => `${r.kind} ${r.code} ${r.label}`) } },
    };
  });
}

export async function removeEwoItem(ctx: ServiceContext, key: string, itemId: string, version: number): Promise<EwoOutcome> {
  const caller = await ewoCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx: Tx, txCtx: TxContext) => {
    const before = await ownedAt(tx, caller, key, version);
    assertEwoEditable(before.status);
    const item = await tx.select().from(ewoItem).where(and(eq(ewoItem.id, itemId), eq(ewoItem.ewoId, before.id))).get();
    if (!item) throw new NotFoundError('ewo.item_missing' satisfies EwoMessageKey, { item: itemId });
    await tx.delete(ewoItem).where(eq(ewoItem.id, item.id));
    const row = await bump(tx, txCtx, before, {});
    return { result: { ewo: await ewoView(tx, caller, row), messages: [] }, log: { action: 'ewo.item.remove', entity: 'ewo_item', entityId: item.id, before: { ewoNum: row.ewoNum, kind: item.kind, code: item.code, label: item.label } } };
  });
}

/** A candidate for the pickers: what to send as an item, and what to show. */
export interface EwoCandidate {
  kind: EwoItemKind | 'fmeaProject';
  refId: string;
  fmeaRef: EwoFmeaRef | null;
  projectId: string | null;
  code: string;
  label: string;
  /** Where it sits: the product of a part, the node of a function or failure, the type of a project. */
  context: string | null;
}

export interface EwoCandidateQuery {
  kind: EwoItemKind | 'fmeaProject';
  search?: string;
  /** bomPart: the product whose BOM is listed (root id or number). */
  product?: string;
  /** fmeaItem: the project whose items are listed. */
  projectId?: string;
}

const LIMIT = 50;

/**
 * What the caller may add, for the pickers: products they may read; the parts of one product's BOM; FMEA
 * projects they may open; the nodes, functions and failures of one such project. Searches number and text.
 */
export async function listEwoCandidates(ctx: ServiceContext, query: EwoCandidateQuery): Promise<EwoCandidate[]> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  const db = ctx.db;
  const search = query.search?.trim();
  if (query.kind === 'product') {
    const reader = await catalogCaller(db, caller.operator, PRODUCT_ROUTE);
    assertCatalogRead(reader);
    const r = catalogRecord;
    const rows = await db.select().from(r).where(and(eq(r.type, 'product'), eq(r.isLatestVersion, true), live(r), search ? or(contains(r.serialNum, search), contains(r.text, search)) : undefined)).orderBy(asc(r.serialNum)).limit(LIMIT * 2);
    return rows.filter((row) => productTypeVisible(reader.actor, row.productType)).slice(0, LIMIT).map((row) => ({ kind: 'product', refId: row.rootId, fmeaRef: null, projectId: null, code: row.serialNum, label: row.text, context: null }));
  }
  if (query.kind === 'bomPart') {
    assertCatalogRead(await catalogCaller(db, caller.operator, { route: BOM_ROUTE }));
    if (!query.product) return [];
    const product = await resolveProduct(db, caller, query.product);
    if (!product) return [];
    const rows = await db
      .select({ part: bomPart })
      .from(bomPart)
      .innerJoin(bom, eq(bom.id, bomPart.bomId))
      .where(and(eq(bom.productId, product.refId), live(bom), search ? or(contains(bomPart.partNum, search), contains(bomPart.partName, search)) : undefined))
      .orderBy(asc(bomPart.level), asc(bomPart.sort))
      .limit(LIMIT * 4);
    return rows.slice(0, LIMIT * 4).map(({ part }) => ({ kind: 'bomPart', refId: part.id, fmeaRef: null, projectId: null, code: part.partNum, label: part.partName, context: `${product.code} ${product.label}` }));
  }
  if (query.kind === 'fmeaProject') {
    const rows = await db
      .select({ id: fmeaProject.id, serialNum: fmeaProject.serialNum, name: fmeaProject.name, projectType: fmeaProject.projectType })
      .from(fmeaProject)
      .where(and(live(fmeaProject), eq(fmeaProject.isTemplate, 0), search ? or(contains(fmeaProject.serialNum, search), contains(fmeaProject.name, search)) : undefined))
      .orderBy(asc(fmeaProject.serialNum))
      .limit(200);
    const open: EwoCandidate[] = [];
    for (const p of rows) {
      if (open.length >= LIMIT) break;
      if (await mayOpen(db, caller, p.id, ctx.now())) open.push({ kind: 'fmeaProject', refId: p.id, fmeaRef: null, projectId: p.id, code: p.serialNum, label: p.name, context: p.projectType });
    }
    return open;
  }
  if (!query.projectId) return [];
  const { project } = await openableProject(db, caller.operator, query.projectId, ctx.now());
  return fmeaItemsOf(db, project.id, project.serialNum, search);
}

async function mayOpen(db: DbOrTx, caller: EwoCaller, projectId: string, now: Date): Promise<boolean> {
  try {
    await openableProject(db, caller.operator, projectId, now);
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
}

async function fmeaItemsOf(db: DbOrTx, projectId: string, code: string, search: string | undefined): Promise<EwoCandidate[]> {
  const [nodes, functions, failures] = await Promise.all([
    db.select({ id: fmeaNode.id, name: fmeaNode.name }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), search ? contains(fmeaNode.name, search) : undefined)).orderBy(asc(fmeaNode.sort)).limit(LIMIT),
    db
      .select({ id: fmeaFunction.id, text: fmeaFunction.description, node: fmeaNode.name })
      .from(fmeaFunction)
      .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
      .where(and(eq(fmeaFunction.projectId, projectId), search ? contains(fmeaFunction.description, search) : undefined))
      .orderBy(asc(fmeaFunction.sort))
      .limit(LIMIT),
    db
      .select({ id: fmeaFailure.id, kind: fmeaFailure.kind, text: fmeaFailure.description, node: fmeaNode.name })
      .from(fmeaFailure)
      .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
      .innerJoin(fmeaNode, eq(fmeaNode.id, fmeaFunction.nodeId))
      .where(and(eq(fmeaFailure.projectId, projectId), inArray(fmeaFailure.kind, ['FE', 'FM', 'FC']), search ? contains(fmeaFailure.description, search) : undefined))
      .orderBy(asc(fmeaFailure.kind), asc(fmeaFailure.sort))
      .limit(LIMIT * 2),
  ]);
  return [
    ...nodes.map((n) => ({ kind: 'fmeaItem' as const, refId: n.id, fmeaRef: 'node' as const, projectId, code, label: n.name, context: null })),
    ...functions.map((f) => ({ kind: 'fmeaItem' as const, refId: f.id, fmeaRef: 'function' as const, projectId, code, label: f.text, context: f.node })),
    ...failures.map((f) => ({ kind: 'fmeaItem' as const, refId: f.id, fmeaRef: f.kind, projectId, code, label: f.text, context: f.node })),
  ];
}
