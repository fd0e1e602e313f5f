import { hardwareResourceCatalog } from '../../domain/catalog/types.ts';
import { parseModeDistribution } from '../../domain/fmeda/catalog.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { NotFoundError } from '../../errors.ts';
import { assertProductType } from '../catalog/access.ts';
import { findCatalogRow } from '../catalog/store.ts';
import { actorOf } from '../shared/actor.ts';
import type { ServiceContext } from '../shared/context.ts';
import { getFmeda, saveFmedaRows, type FmedaRowSave, type FmedaView } from './project.ts';

/**
 * Fills an element of the worksheet from a hardware resource of the catalog (issue 23): every row of the
 * element takes the resource's λ, each of its modes the resource's share for a mode of the same name, and a
 * mode the worksheet lacks is added (single-point until the engineer classifies it). The element is the one
 * named, or a new one named as the resource. Only released records of the caller's product types, as the
 * FMEA's catalog suggestions; the write is a worksheet save (validation, version, review lock).
 */
export async function fillFmedaFromCatalog(ctx: ServiceContext, projectId: string, input: { recordId: string; elementName?: string | null; version: number }): Promise<FmedaView> {
  const record = await findCatalogRow(ctx.db, input.recordId).catch(() => null);
  if (!record || record.type !== hardwareResourceCatalog.id || record.status !== KNOWLEDGE_STATUS.released) throw new NotFoundError('fmeda.catalog_record_not_found', { id: input.recordId });
  await assertProductType(ctx.db, await actorOf(ctx.db, ctx.actor), record.productType);
  const fit = record.data.failureRateFit;
  const { modes, issues } = parseModeDistribution(typeof record.data.failureModes === 'string' ? record.data.failureModes : '');
  if (typeof fit !== 'number') issues.unshift({ messageKey: 'fmeda.catalog_fit_missing', field: 'failureRateFit', params: { record: record.serialNum } });
  assertNoIssues(issues);
  const current = await getFmeda(ctx, projectId);
  const element = input.elementName?.trim() || record.text.trim();
  const rows: FmedaRowSave[] = current.rows.map((r) => ({ ...r }));
  const ofElement = rows.filter((r) => r.elementName === element);
  for (const row of ofElement) {
    row.elementFit = fit as number;
    row.catalogRecordId = record.id;
    const share = modes.find((m) => m.mode === row.failureMode);
    if (share) row.distributionPct = share.distributionPct;
  }
  // new modes go after the element's last row (or at the end for a new element)
  const at = ofElement.length ? rows.indexOf(ofElement[ofElement.length - 1]!) + 1 : rows.length;
  const added = modes
    .filter((m) => !ofElement.some((r) => r.failureMode === m.mode))
    .map((m): FmedaRowSave => ({ elementName: element, elementFit: fit as number, failureMode: m.mode, distributionPct: m.distributionPct, faultClass: 'single-point', catalogRecordId: record.id }));
  rows.splice(at, 0, ...added);
  return saveFmedaRows(ctx, projectId, { version: input.version, rows });
}
