import { and, asc, eq, or } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { bom, bomPart, catalogRecord } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import type { BomMessageKey, BomPart } from '../../domain/bom/index.ts';
import type { Actor } from '../../domain/permissions/index.ts';
import { assertProductType } from '../catalog/access.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import type { TxContext } from '../shared/context.ts';
import { deleted, live } from '../../db/live.ts';

export type BomRow = typeof bom.$inferSelect;
export type BomPartRow = typeof bomPart.$inferSelect;

export interface BomProduct {
  /** The product's catalog root id: what a BOM belongs to. */
  readonly id: string;
  readonly productNum: string;
  readonly productName: string;
  readonly enProductName: string | null;
  readonly productType: string | null;
}

/**
 * A live product by its root id or its number, as the caller may see it
 * (product types): else "BOM product does not exist" (spec 001 §8).
 */
export async function findProduct(db: DbOrTx, actor: Actor, key: string): Promise<BomProduct> {
  const r = catalogRecord;
  const row = await db
    .select({ rootId: r.rootId, serialNum: r.serialNum, text: r.text, enText: r.enText, productType: r.productType })
    .from(r)
    .where(and(eq(r.type, 'product'), eq(r.isLatestVersion, true), live(r), or(eq(r.rootId, key), eq(r.serialNum, key))))
    .get();
  if (!row) throw new NotFoundError('bom.product_missing' satisfies BomMessageKey, { product: key });
  await assertProductType(db, actor, row.productType);
  return { id: row.rootId, productNum: row.serialNum, productName: row.text, enProductName: row.enText, productType: row.productType };
}

/** The product's live BOM, or undefined. */
export const liveBom = (db: DbOrTx, productId: string): Promise<BomRow | undefined> =>
  db.select().from(bom).where(and(eq(bom.productId, productId), live(bom))).get();

/** The product's live BOM, else "no BOM yet", or "original BOM deleted" when it had one that is gone. */
export async function requireLiveBom(db: DbOrTx, product: BomProduct): Promise<BomRow> {
  const row = await liveBom(db, product.id);
  if (row) return row;
  const gone = await db.select({ id: bom.id }).from(bom).where(and(eq(bom.productId, product.id), deleted(bom))).get();
  if (gone) throw new NotFoundError('bom.deleted' satisfies BomMessageKey, { product: product.productNum });
  throw new NotFoundError('bom.not_found' satisfies BomMessageKey, { product: product.productNum });
}

/** A BOM's parts, parents before children, siblings in order (pre-order, as the sheet lists them). */
export async function readParts(db: DbOrTx, bomId: string): Promise<BomPartRow[]> {
  const rows = await db.select().from(bomPart).where(eq(bomPart.bomId, bomId)).orderBy(asc(bomPart.sort), asc(bomPart.id));
  const children = new Map<string | null, BomPartRow[]>();
  for (const row of rows) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row]);
  const out: BomPartRow[] = [];
  const visit = (parentId: string | null) => {
    for (const row of children.get(parentId) ?? []) {
      out.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return out;
}

/** Stored parts as the domain's tree parts (key = id). */
export const asBomParts = (rows: readonly BomPartRow[]): BomPart[] =>
  rows.map((r) => ({ key: r.id, parentKey: r.parentId, partNum: r.partNum, partName: r.partName, enPartName: r.enPartName, quantity: r.quantity, unit: r.unit, level: r.level, sort: r.sort }));

/** Removes a BOM's parts; answers how many there were (the cascade takes children before a RETURNING could count them). */
export async function deleteParts(db: DbOrTx, bomId: string): Promise<number> {
  const count = (await db.select({ id: bomPart.id }).from(bomPart).where(eq(bomPart.bomId, bomId))).length;
  await db.delete(bomPart).where(eq(bomPart.bomId, bomId));
  return count;
}

/** A product's new BOM under the next PB number, the caller its creator (an import, or the first part added by hand). */
export async function createBom(tx: Tx, ctx: TxContext, productId: string, fileName: string | null): Promise<BomRow> {
  const now = ctx.now();
  const bomNum = await allocateNumber(tx, 'bom', now);
  return (await tx
    .insert(bom)
    .values({ productId, bomNum, fileName, creatorId: ctx.actor.userId, creatorName: ctx.actor.userName, updaterId: ctx.actor.userId, createdAt: now, updatedAt: now })
    .returning()
    .get())!;
}
