import { catalogEntity, type CatalogArea } from './define.ts';
import { CATALOG_TYPES, CATALOG_TYPE_IDS, type CatalogTypeId } from './types.ts';

/**
 * The spec's call paths name a catalog type by its entity (001 §7:
 * `/knowledge/occMeasure/list`, `/mainData/product/list`): the knowledge
 * base serves the types of area `knowledge`, the main-data base those of
 * `masterData`. Entities are unique within a base (catalog.test.ts).
 */
type AnyType = (typeof CATALOG_TYPES)[CatalogTypeId];

/** The entities a base serves, in declaration order. */
export function catalogEntities(area: CatalogArea): string[] {
  return CATALOG_TYPE_IDS.filter((id) => CATALOG_TYPES[id].area === area).map((id) => catalogEntity(CATALOG_TYPES[id]));
}

/** The type a base serves under this entity name, or undefined. */
export function catalogTypeByEntity(area: CatalogArea, entity: string): AnyType | undefined {
  const id = CATALOG_TYPE_IDS.find((t) => CATALOG_TYPES[t].area === area && catalogEntity(CATALOG_TYPES[t]) === entity);
  return id === undefined ? undefined : CATALOG_TYPES[id];
}
