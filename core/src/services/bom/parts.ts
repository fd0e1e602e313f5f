import { and, eq, inArray, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { bom, bomPart } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError, NotFoundError, type Issue } from '../../errors.ts';
import { checkBomPartValues, moveIssues, siblingIssues, subtreeIds, type BomMessageKey } from '../../domain/bom/index.ts';
import { assertCatalogOperate, assertCatalogRead, type CatalogCaller } from '../catalog/access.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { BOM_AREA, bomCaller } from './access.ts';
import { createBom, findProduct, liveBom, type BomPartRow, type BomRow } from './store.ts';
import { live } from '../../db/live.ts';

/** A part's values as a form sends them. */
export interface BomPartInput {
  partNum: string;
  partName: string;
  enPartName?: string | null;
  quantity: number;
  unit?: string | null;
}

const refuse = (issues: readonly Issue[]) => {
  if (issues.length > 0) throw new InvalidInputError('validation.failed', {}, issues);
};

/** Trimmed values, blanks as null; refused with every problem named under its field. */
function cleanValues(input: BomPartInput) {
  refuse(checkBomPartValues(input));
  const optional = (v: string | null | undefined) => v?.trim() || null;
  return { partNum: input.partNum.trim(), partName: input.partName.trim(), enPartName: optional(input.enPartName), quantity: input.quantity, unit: optional(input.unit) };
}

const partGone = (field?: string) => new NotFoundError('bom.part_not_found' satisfies BomMessageKey, field ? { field } : {});

/** The part, its BOM and its product as the caller may see them (product types); else "no longer in this BOM". */
async function locatePart(tx: Tx, caller: CatalogCaller, partId: string): Promise<{ part: BomPartRow; owner: BomRow }> {
  const part = await tx.select().from(bomPart).where(eq(bomPart.id, partId)).get();
  if (!part) throw partGone();
  const owner = await tx.select().from(bom).where(and(eq(bom.id, part.bomId), live(bom))).get();
  if (!owner) throw partGone();
  await findProduct(tx, caller.actor, owner.productId);
  return { part, owner };
}

function assertPartVersion(part: BomPartRow, version: number): void {
  if (part.version !== version) throw new ConflictError('bom.part_stale' satisfies BomMessageKey, { partNum: part.partNum, currentVersion: part.version });
}

/** Every part of the BOM as the tree rules read them. */
const treeOf = (tx: Tx, bomId: string) => tx.select({ id: bomPart.id, parentId: bomPart.parentId, partNum: bomPart.partNum, level: bomPart.level }).from(bomPart).where(eq(bomPart.bomId, bomId));

/** The part the new one goes under (in the same BOM), or null under the product. */
async function parentIn(tx: Tx, bomId: string, parentId: string | null): Promise<BomPartRow | null> {
  if (parentId === null) return null;
  const parent = await tx.select().from(bomPart).where(and(eq(bomPart.id, parentId), eq(bomPart.bomId, bomId))).get();
  if (!parent) throw partGone('parentId');
  return parent;
}

/** After the last of the parent's parts. */
async function nextSort(tx: Tx, bomId: string, parentId: string | null): Promise<number> {
  const under = parentId === null ? sql`${bomPart.parentId} is null` : eq(bomPart.parentId, parentId);
  const row = await tx.select({ last: max(bomPart.sort) }).from(bomPart).where(and(eq(bomPart.bomId, bomId), under)).get();
  return (row?.last ?? 0) + 1;
}

/** A part changed the BOM: its version moves on (a delete of the whole BOM read before is stale), and who changed it last. */
const touchBom = (tx: Tx, ctx: TxContext, owner: BomRow) =>
  tx.update(bom).set({ updaterId: ctx.actor.userId, version: owner.version + 1, updatedAt: ctx.now() }).where(eq(bom.id, owner.id));

/**
 * Adds a part under a parent part (`parentId`) or under the product (null),
 * after its siblings (spec 001 §3 BOM; "sub-part already exists" §5). A
 * product without a BOM gets one, the caller its creator. Needs `add` on the
 * BOM route and, for an existing BOM, what changing it needs (`edit` and the
 * master-data creator rule), as an import into it does.
 */
export async function addBomPart(ctx: ServiceContext, productKey: string, input: BomPartInput & { parentId: string | null }): Promise<BomPartRow> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  assertCatalogOperate(caller, BOM_AREA, 'add');
  const values = cleanValues(input);
  const product = await findProduct(ctx.db, caller.actor, productKey);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const existing = await liveBom(tx, product.id);
    if (existing) assertCatalogOperate(caller, BOM_AREA, 'edit', existing);
    else if (input.parentId !== null) throw partGone('parentId');
    const owner = existing ?? (await createBom(tx, txCtx, product.id, null));
    const parent = await parentIn(tx, owner.id, input.parentId);
    refuse(siblingIssues(await treeOf(tx, owner.id), input.parentId, values.partNum));
    const now = txCtx.now();
    const sort = await nextSort(tx, owner.id, input.parentId);
    const row = (await tx
      .insert(bomPart)
      .values({ bomId: owner.id, parentId: input.parentId, ...values, level: parent ? parent.level + 1 : 1, sort, createdAt: now, updatedAt: now })
      .returning()
      .get())!;
    if (existing) await touchBom(tx, txCtx, existing);
    return { result: row, log: { action: 'bom.part.create', entity: 'bom_part', entityId: row.id, before: null, after: { ...row, bomNum: owner.bomNum } } };
  });
}

/** Changes a part's number, name, English name, quantity and unit. The version read must be current. Needs `edit` on the BOM (master-data creator rule). */
export async function updateBomPart(ctx: ServiceContext, partId: string, input: BomPartInput & { version: number }): Promise<BomPartRow> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  const values = cleanValues(input);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { part, owner } = await locatePart(tx, caller, partId);
    assertCatalogOperate(caller, BOM_AREA, 'edit', owner);
    assertPartVersion(part, input.version);
    refuse(siblingIssues(await treeOf(tx, owner.id), part.parentId, values.partNum, part.id));
    const row = (await tx
      .update(bomPart)
      .set({ ...values, version: part.version + 1, updatedAt: txCtx.now() })
      .where(and(eq(bomPart.id, part.id), eq(bomPart.version, input.version)))
      .returning()
      .get())!;
    await touchBom(tx, txCtx, owner);
    return { result: row, log: { action: 'bom.part.update', entity: 'bom_part', entityId: row.id, before: part, after: row } };
  });
}

/**
 * Moves a part, with the parts below it, under another parent (null: under
 * the product), after that parent's parts; their levels follow. Never under
 * itself or one of its sub-parts, and its number must be free there. Needs
 * `edit` on the BOM.
 */
export async function moveBomPart(ctx: ServiceContext, partId: string, input: { parentId: string | null; version: number }): Promise<BomPartRow> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { part, owner } = await locatePart(tx, caller, partId);
    assertCatalogOperate(caller, BOM_AREA, 'edit', owner);
    assertPartVersion(part, input.version);
    const parent = await parentIn(tx, owner.id, input.parentId);
    const tree = await treeOf(tx, owner.id);
    refuse(moveIssues(tree, part.id, input.parentId));
    const level = parent ? parent.level + 1 : 1;
    const below = subtreeIds(tree, part.id).slice(1);
    if (level !== part.level && below.length > 0) {
      await tx.update(bomPart).set({ level: sql`${bomPart.level} + ${level - part.level}` }).where(inArray(bomPart.id, below));
    }
    const sort = await nextSort(tx, owner.id, input.parentId);
    const row = (await tx
      .update(bomPart)
      .set({ parentId: input.parentId, level, sort, version: part.version + 1, updatedAt: txCtx.now() })
      .where(and(eq(bomPart.id, part.id), eq(bomPart.version, input.version)))
      .returning()
      .get())!;
    await touchBom(tx, txCtx, owner);
    return { result: row, log: { action: 'bom.part.update', entity: 'bom_part', entityId: row.id, before: part, after: { ...row, moved: below.length + 1 } } };
  });
}

/** Deletes a part and every part below it; answers how many went. The version read must be current. Needs `del` on the BOM (master-data creator rule). */
export async function deleteBomPart(ctx: ServiceContext, partId: string, input: { version: number }): Promise<{ removed: number }> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { part, owner } = await locatePart(tx, caller, partId);
    assertCatalogOperate(caller, BOM_AREA, 'del', owner);
    assertPartVersion(part, input.version);
    const ids = subtreeIds(await treeOf(tx, owner.id), part.id);
    await tx.delete(bomPart).where(inArray(bomPart.id, ids));
    await touchBom(tx, txCtx, owner);
    return { result: { removed: ids.length }, log: { action: 'bom.part.delete', entity: 'bom_part', entityId: part.id, before: { ...part, removed: ids.length }, after: null } };
  });
}
