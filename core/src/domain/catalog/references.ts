import type { CatalogTypeDefinition } from './define.ts';

/**
 * References between catalog types (a field's `references`): checked once
 * over the whole list, since a declaration alone cannot see the type it
 * names. The engine refuses deleting a record that a current record names.
 */

/** One field, somewhere, that names records of a type. */
export interface CatalogReferenceFrom {
  /** The type whose field names the record. */
  readonly type: CatalogTypeDefinition;
  /** Its naming field's key. */
  readonly field: string;
  /** The named type's field the value matches. */
  readonly target: string;
}

/**
 * The list as it is, once every reference names a declared type and, there,
 * a text or code field that alone is a unique rule (so a value names one
 * record). Throws at import time otherwise.
 */
export function checkCatalogReferences<const T extends Readonly<Record<string, CatalogTypeDefinition>>>(types: T): T {
  for (const type of Object.values(types)) {
    for (const field of type.fields) {
      if (!field.references) continue;
      const { type: targetId, field: targetKey } = field.references;
      const where = `catalog type ${type.id}: reference ${field.key}`;
      const target = Object.hasOwn(types, targetId) ? types[targetId] : undefined;
      if (!target) throw new Error(`${where} names unknown type ${targetId}`);
      const named = target.fields.find((f) => f.key === targetKey);
      if (!named || (named.kind !== 'text' && named.kind !== 'code')) throw new Error(`${where} names ${targetId}.${targetKey}, which is no text or code field`);
      if (!(target.unique ?? []).some((rule) => rule.length === 1 && rule[0] === targetKey)) throw new Error(`${where}: ${targetId}.${targetKey} is not unique on its own`);
    }
  }
  return types;
}

/** Every field of the listed types that names records of `typeId` (its own fields too). */
export function catalogReferencesTo(types: Readonly<Record<string, CatalogTypeDefinition>>, typeId: string): CatalogReferenceFrom[] {
  return Object.values(types).flatMap((type) =>
    type.fields.flatMap((field) => (field.references?.type === typeId ? [{ type, field: field.key, target: field.references.field }] : [])),
  );
}
