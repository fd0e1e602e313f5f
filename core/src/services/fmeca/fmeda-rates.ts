import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { live } from '../../db/live.ts';
import { fmeaNode, fmeaProject, fmedaProject, fmedaRow } from '../../db/schema/index.ts';
import { isDomainError } from '../../errors.ts';
import type { Operator } from '../shared/context.ts';
import { openableProject } from '../fmea/access.ts';

/**
 * The FMEDA rates an FMECA takes where nothing is typed (issue 23, "from a
 * DFMEA's failure net and the FMEDA's rates"; docs/domain/fmeca.md): λp of an
 * item is its element's FIT, α of a mode its distribution share, from the
 * worksheet rows generated from this DFMEA (their DFMEA node and failure ids
 * point into it).
 *
 * Several FMEDAs may hold rows of one item (one per hardware element or
 * safety goal, or a redo). Per item one FMEDA gives both figures, so λp and
 * α never mix two worksheets: among the live FMEDAs the reader may open that
 * hold rows of the item, one with a rate (FIT > 0: generation leaves 0 until
 * the catalog or the engineer fills it) before one without, then the most
 * recently saved worksheet (the latest rates the safety engineer typed), then
 * the higher FM number. A released one is not preferred: its live worksheet
 * is what its FM number shows, and the baseline keeps the released figures.
 */
export interface FmedaRate {
  /** The FMEDA's FM number and project id. */
  readonly fmedaNum: string;
  readonly fmedaId: string;
}
export interface FmedaRates {
  /** Per item (DFMEA node): its element's λ in FIT (null when the worksheet has none above 0). */
  readonly items: ReadonlyMap<string, FmedaRate & { readonly lambdaFit: number | null }>;
  /** Per failure mode: its distribution share as a fraction (0–1). */
  readonly modes: ReadonlyMap<string, FmedaRate & { readonly alpha: number }>;
}

export async function fmedaRatesOf(db: DbOrTx, operator: Operator, now: Date, projectId: string): Promise<FmedaRates> {
  const rows = await db
    .select({
      fmedaId: fmedaRow.projectId,
      fmedaNum: fmeaProject.serialNum,
      savedAt: fmedaProject.updatedAt,
      nodeId: fmedaRow.sourceNodeId,
      failureId: fmedaRow.sourceFailureId,
      elementFit: fmedaRow.elementFit,
      distributionPct: fmedaRow.distributionPct,
      sort: fmedaRow.sort,
    })
    .from(fmedaRow)
    .innerJoin(fmeaNode, eq(fmeaNode.id, fmedaRow.sourceNodeId))
    .innerJoin(fmedaProject, eq(fmedaProject.projectId, fmedaRow.projectId))
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmedaRow.projectId))
    .where(and(eq(fmeaNode.projectId, projectId), live(fmeaProject)));
  const items = new Map<string, FmedaRate & { lambdaFit: number | null }>();
  const modes = new Map<string, FmedaRate & { alpha: number }>();
  if (rows.length === 0) return { items, modes };

  // only FMEDAs the reader may open give figures (and their FM numbers)
  const open = new Set<string>();
  for (const id of new Set(rows.map((r) => r.fmedaId))) if (await canOpen(db, operator, now, id)) open.add(id);
  const readable = rows.filter((r) => open.has(r.fmedaId)).sort((a, b) => a.sort - b.sort);

  const byItem = new Map<string, Map<string, typeof readable>>();
  for (const r of readable) {
    const perFmeda = byItem.get(r.nodeId!) ?? new Map<string, typeof readable>();
    perFmeda.set(r.fmedaId, [...(perFmeda.get(r.fmedaId) ?? []), r]);
    byItem.set(r.nodeId!, perFmeda);
  }
  const rated = (list: typeof readable) => list.some((r) => r.elementFit > 0);
  const time = (d: Date | null) => (d ? new Date(d).getTime() : 0);
  for (const [nodeId, perFmeda] of byItem) {
    const [chosen] = [...perFmeda.values()].sort(
      (a, b) => Number(rated(b)) - Number(rated(a)) || time(b[0]!.savedAt) - time(a[0]!.savedAt) || b[0]!.fmedaNum.localeCompare(a[0]!.fmedaNum),
    );
    const source = { fmedaNum: chosen![0]!.fmedaNum, fmedaId: chosen![0]!.fmedaId };
    // an element's rows carry its one λ; the first row with one gives it
    items.set(nodeId, { ...source, lambdaFit: chosen!.find((r) => r.elementFit > 0)?.elementFit ?? null });
    for (const r of chosen!) if (r.failureId && !modes.has(r.failureId)) modes.set(r.failureId, { ...source, alpha: r.distributionPct / 100 });
  }
  return { items, modes };
}

async function canOpen(db: DbOrTx, operator: Operator, now: Date, projectId: string): Promise<boolean> {
  try {
    await openableProject(db, operator, projectId, now);
    return true;
  } catch (error) {
    if (isDomainError(error) && (error.code === 'not_allowed' || error.code === 'not_found')) return false;
    throw error;
  }
}
