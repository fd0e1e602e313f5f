import { eq } from 'drizzle-orm';
import { bom, fmeaNode } from '../../db/schema/index.ts';
import { NotAllowedError, NotFoundError } from '../../errors.ts';
import { planBomStructure, type BomMessageKey } from '../../domain/bom/index.ts';
import { isProjectOwner } from '../../domain/permissions/index.ts';
import { editableProject } from '../fmea/access.ts';
import { importAnalysis } from '../fmea/import.ts';
import { readRuleFlags } from '../rules/rule-flags.ts';
import type { ServiceContext } from '../shared/context.ts';
import { asBomParts, findProduct, readParts, requireLiveBom } from './store.ts';
import { isDeleted } from '../../db/live.ts';

export interface BomGenerateOptions {
  /** The BOM the caller picked (its id as the picker showed it): refused with "original BOM deleted" when it went away since. */
  bomId?: string;
}

export interface BomGenerateResult {
  projectId: string;
  bomId: string;
  bomNum: string;
  /** Structure nodes added. */
  created: number;
  /** Parts whose node the tree already had (same name under the same parent). */
  reused: number;
}

/**
 * Generates a DFMEA's structure from a product's BOM (spec 001 §1, §5; rule
 * flag `bomImportHeadOnly`): one BOM per generation; every part a node
 * under its parent part's node, the product's parts under the project's root
 * (planBomStructure). The project must be editable by the caller (the FMEA
 * engine's check: member with role 0 or 1, the route of the project's type
 * with `edit`); with `bomImportHeadOnly` on, only the team's head (role 0)
 * or an administrator. The nodes go in through the engine's import, so its
 * rules (names, family items) hold.
 */
export async function generateStructureFromBom(ctx: ServiceContext, projectId: string, productKey: string, options: BomGenerateOptions = {}): Promise<BomGenerateResult> {
  const { members, actor } = await editableProject(ctx.db, ctx.actor, projectId, ctx.now(), 'edit');
  if ((await readRuleFlags(ctx.db)).headOnly.bomImport && !actor.isAdmin && !isProjectOwner({ kind: 'process', members }, actor.userId)) {
    throw new NotAllowedError('bom.head_only' satisfies BomMessageKey);
  }
  const product = await findProduct(ctx.db, actor, productKey);
  if (options.bomId !== undefined) {
    const picked = await ctx.db.select({ productId: bom.productId, delFlg: bom.delFlg }).from(bom).where(eq(bom.id, options.bomId)).get();
    if (!picked || picked.productId !== product.id) throw new NotFoundError('bom.not_found' satisfies BomMessageKey, { product: product.productNum });
    if (isDeleted(picked)) throw new NotFoundError('bom.deleted' satisfies BomMessageKey, { product: product.productNum });
  }
  const row = await requireLiveBom(ctx.db, product);
  const parts = asBomParts(await readParts(ctx.db, row.id));
  const existing = await ctx.db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, name: fmeaNode.name }).from(fmeaNode).where(eq(fmeaNode.projectId, projectId));
  const root = existing.find((n) => n.parentId === null);
  if (!root) throw new NotFoundError('fmea.node_not_found', { nodeId: 'root' });
  const plan = planBomStructure(parts, existing, root.id);
  if (plan.nodes.length > 0) {
    await importAnalysis(ctx, projectId, { nodes: plan.nodes.map((n) => ({ key: n.key, parentKey: n.parentKey, name: n.name, nodeType: n.nodeType })) });
  }
  return { projectId, bomId: row.id, bomNum: row.bomNum, created: plan.nodes.length, reused: plan.reused };
}
