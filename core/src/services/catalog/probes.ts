import { and, eq } from 'drizzle-orm';
import { catalogRecord } from '../../db/schema/index.ts';
import { ConflictError, NotFoundError, type Issue } from '../../errors.ts';
import { readCatalogValues, type CatalogServiceKey, type CatalogValidationKey, type CatalogValue } from '../../domain/catalog/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { assertCatalogRead, assertProductType, catalogCaller, catalogType, productTypeCondition } from './access.ts';
import { dictionaryCodes, findCatalogRow, uniqueIssues, valuesOfRow, viewOf, type CatalogRecordView } from './store.ts';
import { live } from '../../db/live.ts';

/**
 * Reads a form asks for before saving (spec 001 §7: validateInvalidDescription,
 * validateProductFeature, selectBySerial). They answer with the engine's own
 * checks, so a probe and the save that follows cannot disagree.
 */

export interface CatalogValueProbe {
  /** The field being typed (a declared field key). */
  readonly field: string;
  readonly value: unknown;
  /** The form's other fields, for unique rules that combine fields (customer + priority). */
  readonly values?: Readonly<Record<string, unknown>>;
  /** The version being edited: its record does not clash with itself, and its values fill the fields not sent. */
  readonly id?: string;
}

export interface CatalogProbeAnswer {
  readonly valid: boolean;
  /** Why the save would refuse the value, under the probed field. */
  readonly issue?: Issue;
}

/**
 * Whether saving would refuse `value` in `field`: the field's own checks
 * (kind, length, bounds, required) and the type's unique rules that field
 * takes part in, against the present of other records the caller may see
 * (uniqueIssues: the save's check, narrowed to the caller's product types, so
 * the probe never reveals a record outside them; the save still counts every
 * record). A clash with a record under review answers the save's conflict
 * message. Needs the type's route, as reading does.
 */
export async function probeCatalogValue(ctx: ServiceContext, typeId: string, probe: CatalogValueProbe): Promise<CatalogProbeAnswer> {
  const type = catalogType(typeId);
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogRead(caller);
  let base: Record<string, CatalogValue> = {};
  let rootId: string | null = null;
  if (probe.id !== undefined) {
    const row = await findCatalogRow(ctx.db, probe.id);
    if (row.type !== type.id) throw new NotFoundError('catalog.record_not_found' satisfies CatalogServiceKey, { id: probe.id });
    await assertProductType(ctx.db, caller.actor, row.productType);
    base = valuesOfRow(type, row);
    rootId = row.rootId;
  }
  const input = { ...base, ...probe.values, [probe.field]: probe.value };
  const { values, issues } = readCatalogValues(type, input, caller.flags, { dictionaries: await dictionaryCodes(ctx.db, type) });
  // a field the type does not declare is the caller's mistake, not an answer
  assertNoIssues(issues.filter((i) => i.messageKey === ('catalog.field_unknown' satisfies CatalogValidationKey)));
  const own = issues.find((i) => i.field === probe.field);
  if (own) return { valid: false, issue: own };
  try {
    // only records the caller may see count: the probe must not tell that a hidden record holds the text (the save still refuses it)
    const visible = productTypeCondition(caller.actor);
    if (visible === null) return { valid: true };
    const clash = (await uniqueIssues(ctx.db, type, values, rootId, { field: probe.field, within: visible }))[0];
    return clash ? { valid: false, issue: clash } : { valid: true };
  } catch (error) {
    if (error instanceof ConflictError && error.messageKey === ('catalog.content_under_review' satisfies CatalogServiceKey)) {
      return { valid: false, issue: { messageKey: error.messageKey, field: probe.field, params: { ...error.params } } };
    }
    throw error;
  }
}

/**
 * A record by its number (spec 001 §7 selectBySerial): its latest live
 * version (the release while a new version is prepared beside it). The
 * type's route and the record's product type, as reading one version.
 */
export async function getCatalogRecordBySerial(ctx: ServiceContext, typeId: string, serialNum: string): Promise<CatalogRecordView> {
  const type = catalogType(typeId);
  const caller = await catalogCaller(ctx.db, ctx.actor, type);
  assertCatalogRead(caller);
  const number = serialNum.trim();
  const row = await ctx.db
    .select()
    .from(catalogRecord)
    .where(and(eq(catalogRecord.type, type.id), eq(catalogRecord.serialNum, number), eq(catalogRecord.isLatestVersion, true), live(catalogRecord)))
    .get();
  if (!row) throw new NotFoundError('catalog.record_not_found' satisfies CatalogServiceKey, { id: number });
  await assertProductType(ctx.db, caller.actor, row.productType);
  return viewOf(ctx.db, caller, type, row);
}
