import { describe, expect, it } from 'vitest';
import { catalogEntities, catalogTypeByEntity } from './entities.ts';
import { catalogEntity, defineCatalogType } from './define.ts';
import { CATALOG_TYPES, CATALOG_TYPE_IDS, functionCatalog } from './types.ts';

describe('catalog entities (the names in call paths, spec 001 §7)', () => {
  it('names the measures and hardware as the spec’s paths do, the others by their id', () => {
    expect(catalogEntity(CATALOG_TYPES.preventionMeasure)).toBe('occMeasure');
    expect(catalogEntity(CATALOG_TYPES.detectionMeasure)).toBe('detMeasure');
    expect(catalogEntity(CATALOG_TYPES.hardwareResource)).toBe('hardwareRepository');
    expect(catalogEntity(CATALOG_TYPES.invalidMode)).toBe('invalidMode');
  });

  it('finds a type by its base and entity, and nothing in the other base or under its id', () => {
    expect(catalogTypeByEntity('knowledge', 'occMeasure')?.id).toBe('preventionMeasure');
    expect(catalogTypeByEntity('knowledge', 'preventionMeasure')).toBeUndefined();
    expect(catalogTypeByEntity('masterData', 'product')?.id).toBe('product');
    expect(catalogTypeByEntity('knowledge', 'product')).toBeUndefined();
    expect(catalogTypeByEntity('masterData', 'nope')).toBeUndefined();
  });

  it('holds every type in exactly one base, each entity once per base', () => {
    const knowledge = catalogEntities('knowledge');
    const main = catalogEntities('masterData');
    expect(knowledge.length + main.length).toBe(CATALOG_TYPE_IDS.length);
    expect(new Set(knowledge).size).toBe(knowledge.length);
    expect(new Set(main).size).toBe(main.length);
    expect(main).toContain('product');
  });

  it('refuses an entity that is no camelCase word', () => {
    expect(() => defineCatalogType({ ...functionCatalog, entity: 'occ-measure' })).toThrow('catalog type function: the entity is a camelCase word');
  });
});
