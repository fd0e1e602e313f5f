import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { catalogRecord, fmeaControl, fmeaFailure, fmeaFunction } from '../../db/schema/index.ts';
import { ConflictError, InvalidInputError } from '../../errors.ts';
import { PUSH_ITEM_KINDS, type PushItemKind } from '../../domain/rules/index.ts';
import type { CatalogValue } from '../../domain/catalog/index.ts';
import { applyCatalogRecord } from '../catalog/flow.ts';
import { changeCatalogQuotes } from '../catalog/quotes.ts';
import { createCatalogRecord } from '../catalog/records.ts';
import type { CatalogRecordView } from '../catalog/store.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertProjectEditable, assertVersion, nextVersion } from './access.ts';
import { catalogTypeOfItem, USE_TYPE_OF_KIND, type CatalogItemKind } from './catalog-link.ts';
import { findControl } from './controls.ts';
import { findFailure } from './failures.ts';
import { findFunction } from './functions.ts';
import type { FmeaServiceMessageKey } from './messages.ts';

export { PUSH_ITEM_KINDS, type PushItemKind };

export interface PushToKnowledgeInput {
  itemId: string;
  kind: PushItemKind;
  /** The English wording, where the catalog requires it (EnglishRequiredRuleFlag) or the author has it. */
  enText?: string | null;
  /** The record's product type (a code of the caller's); none makes it everyone's. */
  productType?: string | null;
  /** The application's remark for the reviewers. */
  remark?: string | null;
  /** The item's row version as read; a different current one is a conflict. */
  version?: number;
}

export interface PushToKnowledgeResult {
  /** The item, now citing the record. */
  itemId: string;
  itemVersion: number;
  /** The new record, applied for review (status 1). */
  record: CatalogRecordView;
}

interface PushSource {
  of: CatalogItemKind;
  projectId: string;
  description: string;
  catalogRecordId: string | null;
  version: number;
  /** Catalog values the item brings besides its text. */
  extra: Record<string, CatalogValue>;
}

async function sourceOf(db: DbOrTx, itemId: string, kind: PushItemKind): Promise<PushSource> {
  if (kind === 'function') {
    const row = await findFunction(db, itemId);
    return { of: { item: 'function' }, ...row, extra: { requirement: row.requirement } };
  }
  if (kind === 'failure') {
    const row = await findFailure(db, itemId);
    // the failure's own rating goes with it: S of an effect, O of a cause (AIAG-VDA)
    return {
      of: { item: 'failure', kind: row.kind },
      ...row,
      extra: { invalidUseType: [USE_TYPE_OF_KIND[row.kind]], severity: row.kind === 'FE' ? row.severity : null, occurrence: row.kind === 'FC' ? row.occurrence : null },
    };
  }
  const row = await findControl(db, itemId);
  return { of: { item: 'control', kind: row.kind }, ...row, extra: {} };
}

/** The record's text fields by the type's field names. */
const TEXT_FIELDS = {
  function: ['functionDesc', 'enFunctionDesc'],
  invalidMode: ['invalidmode', 'enInvalidMode'],
  preventionMeasure: ['measureDesc', 'enMeasureDesc'],
  detectionMeasure: ['measureDesc', 'enMeasureDesc'],
  monitorMeasure: ['measureDesc', 'enMeasureDesc'],
  responseMeasure: ['measureDesc', 'enMeasureDesc'],
} as const;

const TABLE = { function: fmeaFunction, failure: fmeaFailure, control: fmeaControl } as const;

/**
 * Proposes an FMEA item as a new catalog record (spec 001 §7 knowledge push):
 * the record is created and applied for review through the catalog engine
 * with the caller's own rights on the type's route (`add`, and `edit` to
 * apply), and the item cites it from then on (its quote count is 1 while it
 * is reviewed). The caller must be able to edit the project. Refused when
 * the item already cites a record (`fmea.already_in_catalog`), when the same
 * wording is under review (`catalog.content_under_review`: "a new knowledge
 * item cannot be added while the same content is under review") or already
 * in the catalog (`catalog.duplicate`: pick it from the suggestions). All in
 * one transaction: a refusal anywhere leaves nothing behind.
 */
export async function pushToKnowledge(ctx: ServiceContext, input: PushToKnowledgeInput): Promise<PushToKnowledgeResult> {
  if (!(PUSH_ITEM_KINDS as readonly string[]).includes(input.kind)) {
    throw new InvalidInputError('fmea.value_invalid', { field: 'kind', value: String(input.kind) }, [
      { messageKey: 'fmea.value_invalid', field: 'kind', params: { field: 'kind', value: String(input.kind) } },
    ]);
  }
  return writeAndLog(ctx, async (tx, txCtx) => {
    const item = await sourceOf(tx, input.itemId, input.kind);
    await assertProjectEditable(tx, ctx.actor, item.projectId, ctx.now(), 'edit');
    if (input.version !== undefined) assertVersion(item, input.version, `fmea_${input.kind}`);
    if (item.catalogRecordId !== null) {
      const cited = await tx.select({ serialNum: catalogRecord.serialNum }).from(catalogRecord).where(eq(catalogRecord.id, item.catalogRecordId)).get();
      throw new ConflictError('fmea.already_in_catalog' satisfies FmeaServiceMessageKey, { serialNum: cited?.serialNum ?? item.catalogRecordId });
    }
    const typeId = catalogTypeOfItem(item.of);
    const [textField, enField] = TEXT_FIELDS[typeId];
    const values: Record<string, CatalogValue> = {
      ...Object.fromEntries(Object.entries(item.extra).filter(([, v]) => v !== null && v !== undefined)),
      [textField]: item.description,
      ...(input.enText?.trim() && { [enField]: input.enText.trim() }),
      ...(input.productType && { productType: input.productType }),
    };
    // the catalog's own services, inside this transaction (savepoints): its rights, rules, numbers and logs
    const inner: ServiceContext = { ...ctx, db: tx as unknown as Db };
    const created = await createCatalogRecord(inner, typeId, { values, remark: input.remark ?? null });
    const record = await applyCatalogRecord(inner, created.id, { version: created.version, opinion: input.remark ?? null });
    const quoted = await changeCatalogQuotes(tx, txCtx, record.id, 1, { proposed: true });
    const table = TABLE[input.kind];
    const [after] = await tx
      .update(table)
      .set({ catalogRecordId: record.id, ...nextVersion(txCtx) })
      .where(eq(table.id, input.itemId))
      .returning({ id: table.id, version: table.version });
    const log: OperationRecord = {
      action: `fmea.${input.kind}.update`,
      entity: `fmea_${input.kind}`,
      entityId: input.itemId,
      before: { catalogRecordId: null, version: item.version },
      after: { catalogRecordId: record.id, version: after!.version, pushed: true },
    };
    return { result: { itemId: after!.id, itemVersion: after!.version, record: { ...record, quoteCount: quoted.row.quoteCount } }, log: [log, quoted.log] };
  });
}
