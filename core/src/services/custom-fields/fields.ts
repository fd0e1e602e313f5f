import { and, asc, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customField, customFieldValue, dictionary } from '../../db/schema/index.ts';
import { live } from '../../db/live.ts';
import { ConflictError, NotFoundError } from '../../errors.ts';
import { assertVersion } from '../fmea/access.ts';
import { customFieldIssues, type CustomFieldDefinition, type CustomFieldEntity } from '../../domain/custom-fields/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';

export type CustomFieldRow = typeof customField.$inferSelect;
export type CustomFieldInput = CustomFieldDefinition & { id?: string; version?: number };

/** The entity's fields in sort order (all entities when none is named). */
export async function listCustomFields(db: DbOrTx, entity?: CustomFieldEntity): Promise<CustomFieldRow[]> {
  const query = db.select().from(customField);
  return (entity ? query.where(eq(customField.entity, entity)) : query).orderBy(asc(customField.entity), asc(customField.sort));
}

async function dictionaryTypes(db: DbOrTx): Promise<string[]> {
  return (await db.select({ code: dictionary.code }).from(dictionary).where(and(live(dictionary), eq(dictionary.parentId, '')))).map((r) => r.code);
}

const clean = (input: CustomFieldInput) => ({
  entity: input.entity,
  systemName: input.systemName,
  sort: input.sort,
  fieldType: input.fieldType,
  dictType: input.fieldType === 'choice' ? (input.dictType ?? null) : null,
  required: input.required === true,
  shown: input.shown !== false,
  placeholder: input.placeholder?.trim() || null,
  alias: input.alias.trim(),
  aliasEn: input.aliasEn.trim(),
});

/**
 * Adds a field (no id) or changes one (id and the version read). The entity of a field never
 * changes: its values belong to that entity's records. System name and sort are unique per entity.
 */
export async function saveCustomField(ctx: ServiceContext, input: CustomFieldInput): Promise<CustomFieldRow> {
  return writeAndLog(ctx, async (tx) => {
    const before = input.id ? await tx.select().from(customField).where(eq(customField.id, input.id)).get() : undefined;
    if (input.id && !before) throw new NotFoundError('custom_field.not_found');
    const entity = before?.entity ?? input.entity;
    const others = await tx
      .select({ systemName: customField.systemName, sort: customField.sort })
      .from(customField)
      .where(before ? and(eq(customField.entity, entity), ne(customField.id, before.id)) : eq(customField.entity, entity));
    assertNoIssues(customFieldIssues({ ...input, entity }, { systemNames: others.map((o) => o.systemName), sorts: others.map((o) => o.sort) }, await dictionaryTypes(tx)));
    const values = { ...clean({ ...input, entity }) };
    if (!before) {
      const [row] = await tx.insert(customField).values(values).returning();
      return { result: row!, log: { action: 'custom_field.create', entity: 'custom_field', entityId: row!.id, after: row } };
    }
    if (input.version !== undefined) assertVersion(before, input.version, 'custom_field');
    const [row] = await tx
      .update(customField)
      .set({ ...values, version: before.version + 1 })
      .where(eq(customField.id, before.id))
      .returning();
    return { result: row!, log: { action: 'custom_field.update', entity: 'custom_field', entityId: row!.id, before, after: row } };
  });
}

/** Deletes a field no record holds a value of; one in use is refused, naming it. */
export async function deleteCustomField(ctx: ServiceContext, id: string): Promise<void> {
  await writeAndLog(ctx, async (tx) => {
    const row = await tx.select().from(customField).where(eq(customField.id, id)).get();
    if (!row) throw new NotFoundError('custom_field.not_found');
    const used = (await tx.select({ n: count() }).from(customFieldValue).where(eq(customFieldValue.fieldId, id)).get())?.n ?? 0;
    if (used > 0) throw new ConflictError('custom_field.in_use', { alias: row.alias, aliasEn: row.aliasEn, name: row.systemName, count: used });
    await tx.delete(customField).where(eq(customField.id, id));
    return { result: undefined, log: { action: 'custom_field.delete', entity: 'custom_field', entityId: id, before: row } };
  });
}

/** Finds fields by entity and system name (the CLI names them so). */
export async function findCustomField(db: DbOrTx, entity: CustomFieldEntity, systemName: string): Promise<CustomFieldRow> {
  const row = await db.select().from(customField).where(and(eq(customField.entity, entity), eq(customField.systemName, systemName))).get();
  if (!row) throw new NotFoundError('custom_field.not_found');
  return row;
}
