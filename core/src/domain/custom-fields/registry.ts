/**
 * The entities that take custom fields (spec 000 §2.4, customisation forms), one entry each.
 * Values live in one side table keyed by field + record id (custom_field_value; the field names the entity), so an entity
 * joins by an entry here and a call to the value service on its save: no area's schema changes.
 */
export const CUSTOM_FIELD_ENTITIES = ['fmeaProject', 'catalog', 'task', 'problem'] as const;
export type CustomFieldEntity = (typeof CUSTOM_FIELD_ENTITIES)[number];

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'choice'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const isCustomFieldEntity = (value: string): value is CustomFieldEntity => (CUSTOM_FIELD_ENTITIES as readonly string[]).includes(value);
