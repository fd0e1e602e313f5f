import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customField, customFieldValue } from '../../db/schema/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { customValueIssues, type CustomFieldEntity, type CustomValues } from '../../domain/custom-fields/index.ts';
import { dictionaryChoices } from '../dictionaries/lookup.ts';
import { listCustomFields } from './fields.ts';

/** A record's custom values by system name, as stored (text). */
export type StoredCustomValues = Record<string, string>;

/** The custom values of the given records of an entity, by record id (a record without any has {}). */
export async function readCustomValues(db: DbOrTx, entity: CustomFieldEntity, recordIds: readonly string[]): Promise<Map<string, StoredCustomValues>> {
  const out = new Map<string, StoredCustomValues>(recordIds.map((id) => [id, {}]));
  // an export's tens of thousands of ids: in slices, under both engines' limits on bound parameters
  for (let at = 0; at < recordIds.length; at += READ_SLICE) {
    const rows = await db
      .select({ recordId: customFieldValue.recordId, name: customField.systemName, value: customFieldValue.value })
      .from(customFieldValue)
      .innerJoin(customField, eq(customField.id, customFieldValue.fieldId))
      .where(and(eq(customField.entity, entity), inArray(customFieldValue.recordId, recordIds.slice(at, at + READ_SLICE))));
    for (const r of rows) out.get(r.recordId)![r.name] = r.value;
  }
  return out;
}
const READ_SLICE = 5000;

/**
 * Checks values against the entity's fields; the issues name each field by its alias (both
 * languages). `partial`: an update that leaves a field out keeps its value (a new record must
 * give every required field).
 */
export async function checkCustomValues(db: DbOrTx, entity: CustomFieldEntity, values: CustomValues, options: { partial?: boolean; row?: number } = {}) {
  const { fields, check } = await customValueChecker(db, entity);
  return { fields, ...check(values, options) };
}

/**
 * `checkCustomValues` for many records (an import's rows): the fields and their dictionaries' live
 * items read once, each record's values checked without a query.
 */
export async function customValueChecker(db: DbOrTx, entity: CustomFieldEntity) {
  const fields = await listCustomFields(db, entity);
  const dictTypes = fields.flatMap((f) => (f.fieldType === 'choice' && f.dictType ? [f.dictType] : []));
  const choices = new Map([...(await dictionaryChoices(db, dictTypes))].map(([type, items]) => [type, items.filter((i) => i.live).map((i) => i.code)]));
  return { fields, check: (values: CustomValues, options: { partial?: boolean; row?: number } = {}) => customValueIssues(fields, values, choices, options) };
}

/**
 * Validates and stores a record's custom values inside the record's own save (same transaction):
 * refused whole with the issues, so nothing of the save lands. `values` undefined leaves them as they are.
 */
export async function saveCustomValues(tx: DbOrTx, entity: CustomFieldEntity, recordId: string, values: CustomValues | undefined, { partial }: { partial: boolean }): Promise<void> {
  if (values === undefined && partial) return;
  const { fields, issues, stored } = await checkCustomValues(tx, entity, values ?? {}, { partial });
  throwIssues(issues);
  const byName = new Map(fields.map((f) => [f.systemName, f.id]));
  for (const [name, value] of Object.entries(stored)) {
    const fieldId = byName.get(name)!;
    await tx.delete(customFieldValue).where(and(eq(customFieldValue.fieldId, fieldId), eq(customFieldValue.recordId, recordId)));
    if (value !== null) await tx.insert(customFieldValue).values({ fieldId, recordId, value });
  }
}

export function throwIssues(issues: readonly Issue[]): void {
  if (issues.length > 0) throw new InvalidInputError('validation.failed', {}, [...issues]);
}

/** Copies a record's stored values to another record of the entity (a new version of it), as they are. */
export async function copyCustomValues(tx: DbOrTx, entity: CustomFieldEntity, fromId: string, toId: string): Promise<void> {
  const rows = await tx
    .select({ fieldId: customFieldValue.fieldId, value: customFieldValue.value })
    .from(customFieldValue)
    .innerJoin(customField, eq(customField.id, customFieldValue.fieldId))
    .where(and(eq(customField.entity, entity), eq(customFieldValue.recordId, fromId)));
  if (rows.length) await tx.insert(customFieldValue).values(rows.map((r) => ({ ...r, recordId: toId })));
}
