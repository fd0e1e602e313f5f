import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_TYPES } from '../../domain/custom-fields/registry.ts';
import { id, timestamps } from './columns.ts';

/**
 * A custom field of an entity (customisation forms, spec 000 §2.4; docs/domain/custom-fields.md).
 * System name and sort are unique per entity; a choice field names a dictionary type (its root code).
 */
export const customField = sqliteTable(
  'custom_field',
  {
    id: id(),
    entity: text('entity', { enum: CUSTOM_FIELD_ENTITIES }).notNull(),
    systemName: text('system_name').notNull(),
    sort: integer('sort').notNull(),
    fieldType: text('field_type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    dictType: text('dict_type'),
    required: integer('required', { mode: 'boolean' }).notNull().default(false),
    shown: integer('shown', { mode: 'boolean' }).notNull().default(true),
    placeholder: text('placeholder'),
    alias: text('alias').notNull(),
    aliasEn: text('alias_en').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('custom_field_entity_name_unique').on(t.entity, t.systemName), uniqueIndex('custom_field_entity_sort_unique').on(t.entity, t.sort)],
);

/** One value of a custom field for one record, as text (numbers and dates in their canonical form, a choice as its code). */
export const customFieldValue = sqliteTable(
  'custom_field_value',
  {
    fieldId: text('field_id')
      .notNull()
      .references(() => customField.id),
    recordId: text('record_id').notNull(),
    value: text('value').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('custom_field_value_unique').on(t.fieldId, t.recordId), index('custom_field_value_record_idx').on(t.recordId)],
);
