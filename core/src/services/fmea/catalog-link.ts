import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { catalogRecord, fmeaControl, fmeaFailure, fmeaFunction } from '../../db/schema/index.ts';
import { InvalidInputError } from '../../errors.ts';
import type { AnyControlKind, FailureKind, RemovedSet } from '../../domain/fmea/index.ts';
import { isQuotableCatalogVersion } from '../../domain/catalog/index.ts';
import { productTypeVisible } from '../catalog/access.ts';
import { changeCatalogQuotes, releaseCatalogQuotes } from '../catalog/quotes.ts';
import { findCatalogRow, type CatalogRecordRow } from '../catalog/store.ts';
import type { OperationRecord } from '../shared/audit.ts';
import { actorOf } from '../shared/actor.ts';
import type { TxContext } from '../shared/context.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { live } from '../../db/live.ts';

/**
 * FMEA items taken from the catalog (docs/domain/catalog.md, "Reuse inside
 * the FMEA"): which catalog type serves which item, when an item's text is
 * still the record's wording, and the quote count kept in step with the
 * items that cite a record version.
 */

/** What an item is, for the catalog: a function, a failure of a kind, a control of a kind. */
export type CatalogItemKind = { item: 'function' } | { item: 'failure'; kind: FailureKind } | { item: 'control'; kind: AnyControlKind };

/** The catalog type of each item (function, failure modes for FE/FM/FC, prevention and detection measures). */
export function catalogTypeOfItem(of: CatalogItemKind): 'function' | 'invalidMode' | (typeof MEASURE_OF_CONTROL)[AnyControlKind] {
  if (of.item === 'function') return 'function';
  if (of.item === 'failure') return 'invalidMode';
  return MEASURE_OF_CONTROL[of.kind];
}

/** The measure catalog each control kind cites (FMEA-MSR's monitoring and response controls their own). */
const MEASURE_OF_CONTROL = {
  prevention: 'preventionMeasure',
  detection: 'detectionMeasure',
  monitoring: 'monitorMeasure',
  response: 'responseMeasure',
} as const satisfies Record<AnyControlKind, string>;

/** The failure use type (spec 001 §3 invalidUseType) that fits each failure kind. */
export const USE_TYPE_OF_KIND = { FE: 'invalidresult', FM: 'invalidmode', FC: 'invalidreason' } as const satisfies Record<FailureKind, string>;

/** The use types a failure-mode record names (a list or comma-separated); empty: any. */
export function useTypesOf(values: Readonly<Record<string, unknown>>): string[] {
  const raw = values.invalidUseType;
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  return list.map((v) => String(v).trim()).filter((v) => v !== '');
}

/** A failure-mode record serves a failure kind when it names no use type or names the kind's. */
export const servesFailureKind = (values: Readonly<Record<string, unknown>>, kind: FailureKind): boolean => {
  const types = useTypesOf(values);
  return types.length === 0 || types.includes(USE_TYPE_OF_KIND[kind]);
};

/** The item's text is the record's wording (Chinese or English, trimmed). */
export const isCatalogWording = (record: Pick<CatalogRecordRow, 'text' | 'enText'>, text: string): boolean => {
  const t = text.trim();
  return t === record.text.trim() || (record.enText !== null && t === record.enText.trim());
};

/**
 * Cites a record version for an item: the record must be of the item's type
 * (a failure mode naming use types must name the failure's), the item's text
 * must be its wording, and the version must be citable (released latest, the
 * caller's product type). Raises the quote count in the caller's transaction.
 */
export async function citeCatalogRecord(
  tx: DbOrTx,
  txCtx: TxContext,
  recordId: string,
  of: CatalogItemKind,
  description: string,
): Promise<{ record: CatalogRecordRow; log: OperationRecord }> {
  const record = await findCatalogRow(tx, recordId);
  const expected = catalogTypeOfItem(of);
  if (record.type !== expected) {
    throw new InvalidInputError('fmea.catalog_type_mismatch' satisfies FmeaServiceMessageKey, { serialNum: record.serialNum, expected }, [
      { messageKey: 'fmea.catalog_type_mismatch', field: 'catalogRecordId', params: { serialNum: record.serialNum, expected } },
    ]);
  }
  if (of.item === 'failure' && !servesFailureKind(record.data as Record<string, unknown>, of.kind)) {
    throw new InvalidInputError('fmea.catalog_use_type' satisfies FmeaServiceMessageKey, { serialNum: record.serialNum, kind: of.kind }, [
      { messageKey: 'fmea.catalog_use_type', field: 'catalogRecordId', params: { serialNum: record.serialNum, kind: of.kind } },
    ]);
  }
  if (!isCatalogWording(record, description)) {
    throw new InvalidInputError('fmea.catalog_text_mismatch' satisfies FmeaServiceMessageKey, { serialNum: record.serialNum }, [
      { messageKey: 'fmea.catalog_text_mismatch', field: 'description', params: { serialNum: record.serialNum } },
    ]);
  }
  const { row, log } = await changeCatalogQuotes(tx, txCtx, recordId, 1);
  return { record: row, log };
}

/**
 * The link an updated item keeps: `asked` (a record id, null to let go, or
 * undefined for no change) against the one it had. A new record is cited;
 * the one before is released when it changes, is let go, or when the new
 * text is no longer its wording.
 */
export async function relinkCatalogRecord(
  tx: DbOrTx,
  txCtx: TxContext,
  input: { before: string | null; asked: string | null | undefined; of: CatalogItemKind; description: string },
): Promise<{ catalogRecordId: string | null; record: CatalogRecordRow | null; logs: OperationRecord[] }> {
  const { before, asked, of, description } = input;
  if (asked !== undefined && asked !== null && asked !== before) {
    const { record, log } = await citeCatalogRecord(tx, txCtx, asked, of, description);
    const released = before ? await releaseCatalogQuotes(tx, txCtx, [before]) : [];
    return { catalogRecordId: asked, record, logs: [log, ...released] };
  }
  if (before === null) return { catalogRecordId: null, record: null, logs: [] };
  const current = await tx.select().from(catalogRecord).where(eq(catalogRecord.id, before)).get();
  const keeps = asked !== null && current !== undefined && current.type === catalogTypeOfItem(of) && isCatalogWording(current, description);
  if (keeps) return { catalogRecordId: before, record: null, logs: [] };
  return { catalogRecordId: null, record: null, logs: await releaseCatalogQuotes(tx, txCtx, [before]) };
}

/** Releases the records cited by the functions, failures and controls about to be deleted. */
export async function releaseRemovedCitations(tx: DbOrTx, txCtx: TxContext, removed: Pick<RemovedSet, 'functions' | 'failures' | 'controls'>): Promise<OperationRecord[]> {
  const ids: string[] = [];
  const collect = async (table: typeof fmeaFunction | typeof fmeaFailure | typeof fmeaControl, itemIds: readonly string[]) => {
    for (let i = 0; i < itemIds.length; i += 500) {
      const rows = await tx
        .select({ id: table.catalogRecordId })
        .from(table)
        .where(and(inArray(table.id, itemIds.slice(i, i + 500) as string[]), isNotNull(table.catalogRecordId)));
      for (const r of rows) ids.push(r.id!);
    }
  };
  await collect(fmeaFunction, removed.functions);
  await collect(fmeaFailure, removed.failures);
  await collect(fmeaControl, removed.controls);
  return ids.length ? releaseCatalogQuotes(tx, txCtx, ids) : [];
}

/**
 * Releases every citation of a project's items (the project is deleted): the
 * items let go of their records too, so a cited record can be deleted and no
 * count is released twice.
 */
export async function releaseProjectCitations(tx: DbOrTx, txCtx: TxContext, projectId: string): Promise<OperationRecord[]> {
  const ids: string[] = [];
  for (const table of [fmeaFunction, fmeaFailure, fmeaControl]) {
    const linked = and(eq(table.projectId, projectId), isNotNull(table.catalogRecordId));
    const rows = await tx.select({ id: table.catalogRecordId }).from(table).where(linked);
    for (const r of rows) ids.push(r.id!);
    if (rows.length) await tx.update(table).set({ catalogRecordId: null }).where(linked);
  }
  return ids.length ? releaseCatalogQuotes(tx, txCtx, ids) : [];
}

/**
 * Copies of items (a copied subtree) cite what their originals cite when that
 * version can still be cited (released latest, the copier's product type);
 * otherwise the copy is plain wording. Raises each kept record's count by its
 * copies and answers the ids kept.
 */
export async function carryCitations(tx: DbOrTx, txCtx: TxContext, ids: readonly (string | null)[]): Promise<{ kept: Set<string>; logs: OperationRecord[] }> {
  const counts = new Map<string, number>();
  for (const id of ids) if (id) counts.set(id, (counts.get(id) ?? 0) + 1);
  const kept = new Set<string>();
  const logs: OperationRecord[] = [];
  if (counts.size === 0) return { kept, logs };
  const actor = await actorOf(tx, txCtx.actor);
  const rows = await tx.select().from(catalogRecord).where(and(inArray(catalogRecord.id, [...counts.keys()]), live(catalogRecord)));
  for (const row of rows) {
    if (!isQuotableCatalogVersion(row) || !productTypeVisible(actor, row.productType)) continue;
    logs.push((await changeCatalogQuotes(tx, txCtx, row.id, counts.get(row.id)!)).log);
    kept.add(row.id);
  }
  return { kept, logs };
}
