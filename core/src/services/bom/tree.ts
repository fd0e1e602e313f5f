import { and, asc, eq, or, sql } from 'drizzle-orm';
import { bom, bomPart, catalogRecord } from '../../db/schema/index.ts';
import { ConflictError } from '../../errors.ts';
import type { BomMessageKey } from '../../domain/bom/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertCatalogOperate, assertCatalogRead, canCatalogOperate, productTypeVisible } from '../catalog/access.ts';
import { actorOf } from '../shared/actor.ts';
import { contains } from '../shared/paging.ts';
import { BOM_AREA, bomCaller } from './access.ts';
import { deleteParts, findProduct, liveBom, readParts, requireLiveBom, type BomPartRow, type BomProduct } from './store.ts';
import { live, softDeleted } from '../../db/live.ts';

export interface BomHeader {
  id: string;
  bomNum: string;
  fileName: string | null;
  version: number;
  creatorName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface BomTreeView {
  product: BomProduct;
  /** Null while the product has no BOM. */
  bom: BomHeader | null;
  /** Parts in tree order (parents before children, siblings by sort); `parentId` and `level` give the tree. */
  parts: BomPartRow[];
  /** What the caller may do with this BOM (the page's buttons; the services check again). */
  can: { import: boolean; add: boolean; export: boolean; edit: boolean; del: boolean };
}

const header = (row: typeof bom.$inferSelect): BomHeader => ({
  id: row.id,
  bomNum: row.bomNum,
  fileName: row.fileName,
  version: row.version,
  creatorName: row.creatorName,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

/** A product's BOM tree (spec 001 §2 "product and BOM management"). Needs the BOM route. */
export async function getBomTree(ctx: ServiceContext, productKey: string): Promise<BomTreeView> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  const product = await findProduct(ctx.db, caller.actor, productKey);
  const row = await liveBom(ctx.db, product.id);
  const owner = row ?? undefined;
  return {
    product,
    bom: row ? header(row) : null,
    parts: row ? await readParts(ctx.db, row.id) : [],
    can: {
      import: canCatalogOperate(caller, BOM_AREA, 'import') && (!owner || canCatalogOperate(caller, BOM_AREA, 'edit', owner)),
      // a part added to an existing BOM changes it, as an import into it does
      add: canCatalogOperate(caller, BOM_AREA, 'add') && (!owner || canCatalogOperate(caller, BOM_AREA, 'edit', owner)),
      export: row !== undefined && canCatalogOperate(caller, BOM_AREA, 'export'),
      edit: row !== undefined && canCatalogOperate(caller, BOM_AREA, 'edit', owner),
      del: row !== undefined && canCatalogOperate(caller, BOM_AREA, 'del', owner),
    },
  };
}

/**
 * Deletes a product's BOM (soft: a DFMEA generated from it can still say
 * "original BOM deleted"; its parts go). The version read must be current.
 * Needs `del` and the master-data creator rule.
 */
export async function deleteBom(ctx: ServiceContext, productKey: string, input: { version: number }): Promise<BomHeader> {
  const caller = await bomCaller(ctx.db, ctx.actor);
  assertCatalogRead(caller);
  const product = await findProduct(ctx.db, caller.actor, productKey);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await requireLiveBom(tx, product);
    assertCatalogOperate(caller, BOM_AREA, 'del', before);
    if (before.version !== input.version) throw new ConflictError('bom.stale_version' satisfies BomMessageKey, { currentVersion: before.version });
    const parts = await deleteParts(tx, before.id);
    const after = (await tx
      .update(bom)
      .set({ ...softDeleted(), deletedAt: txCtx.now(), updaterId: txCtx.actor.userId, version: before.version + 1, updatedAt: txCtx.now() })
      .where(and(eq(bom.id, before.id), eq(bom.version, input.version)))
      .returning()
      .get())!;
    return { result: header(after), log: { action: 'bom.sheet.delete', entity: 'bom', entityId: before.id, before: { ...before, parts }, after } };
  });
}

export interface BomProductRow {
  productId: string;
  productNum: string;
  productName: string;
  enProductName: string | null;
  bomId: string;
  bomNum: string;
  partCount: number;
}

/**
 * Products that have a BOM, for picking one (the BOM page's product picker,
 * the DFMEA's "generate from BOM" dialog): by number or name in either
 * language, the caller's product types only, at most `limit` (20, ≤ 100).
 * Any signed-in user may look; what they may do with one is checked there.
 */
export async function listBomProducts(ctx: ServiceContext, query: { search?: string; limit?: number } = {}): Promise<BomProductRow[]> {
  const actor = await actorOf(ctx.db, ctx.actor);
  const r = catalogRecord;
  const text = query.search?.trim();
  const rows = await ctx.db
    .select({
      productId: r.rootId,
      productNum: r.serialNum,
      productName: r.text,
      enProductName: r.enText,
      productType: r.productType,
      bomId: bom.id,
      bomNum: bom.bomNum,
      partCount: sql<number>`(select count(*) from ${bomPart} where ${bomPart.bomId} = ${bom.id})`,
    })
    .from(bom)
    .innerJoin(r, and(eq(r.rootId, bom.productId), eq(r.type, 'product'), eq(r.isLatestVersion, true), live(r)))
    .where(and(live(bom), text ? or(contains(r.serialNum, text), contains(r.text, text), contains(r.enText, text)) : undefined))
    .orderBy(asc(r.serialNum))
    .limit(Math.min(Math.max(query.limit ?? 20, 1), 100));
  return rows.filter((row) => productTypeVisible(actor, row.productType)).map(({ productType: _type, ...row }) => row);
}
