import { describe, expect, it } from 'vitest';
import { hasCreator, isProductTypePermitted, isRecordCreator, productTypesOfRoles, rowMarker } from './actor.ts';
import { buildActor } from './test-builders.ts';

const me = buildActor({ userName: 'li.lei' });
const other = buildActor({ userName: 'han.meimei' });

describe('rowMarker', () => {
  it('marks my own row by user id as mycompiled', () => {
    expect(rowMarker({ creatorId: me.userId }, me)).toBe('mycompiled');
  });

  it('marks my own row by user name as mycompiled', () => {
    expect(rowMarker({ creatorId: 'legacy-id', creatorName: me.userName }, me)).toBe('mycompiled');
  });

  it('marks another user’s row as myreadable', () => {
    expect(rowMarker({ creatorId: other.userId, creatorName: other.userName }, me)).toBe('myreadable');
    expect(rowMarker({ creatorName: other.userName }, me)).toBe('myreadable');
  });

  it.each([
    ['a missing record', undefined],
    ['a null record', null],
    ['no creator fields', {}],
    ['null creator fields', { creatorId: null, creatorName: null }],
    ['empty creator fields', { creatorId: '', creatorName: '' }],
  ])('shows the no-permission hint for %s', (_, record) => {
    expect(rowMarker(record, me)).toBe('noPermission');
  });

  it('gives an admin the same markers as anyone', () => {
    const admin = buildActor({ userName: 'admin', isAdmin: true });
    expect(rowMarker({ creatorId: other.userId }, admin)).toBe('myreadable');
  });
});

describe('isRecordCreator and hasCreator', () => {
  it('matches by id or by name', () => {
    expect(isRecordCreator({ creatorId: me.userId, creatorName: 'x' }, me)).toBe(true);
    expect(isRecordCreator({ creatorId: 'x', creatorName: me.userName }, me)).toBe(true);
    expect(isRecordCreator({ creatorId: 'x', creatorName: 'y' }, me)).toBe(false);
    expect(isRecordCreator(null, me)).toBe(false);
  });

  it('knows whether a record names a creator', () => {
    expect(hasCreator({ creatorName: 'x' })).toBe(true);
    expect(hasCreator({ creatorId: '' })).toBe(false);
    expect(hasCreator(undefined)).toBe(false);
  });
});

describe('isProductTypePermitted', () => {
  const user = buildActor({ productTypes: ['1', '3'] });

  it('permits product types in the user’s list', () => {
    expect(isProductTypePermitted(user, '3')).toBe(true);
  });

  it('refuses product types outside the list', () => {
    expect(isProductTypePermitted(user, '2')).toBe(false);
  });

  it('limits nothing for a user whose roles name no product type', () => {
    expect(isProductTypePermitted(buildActor({ productTypes: [] }), '1')).toBe(true);
  });

  it('reads a user’s list from the roles: one role without a list lifts the limit, else the union', () => {
    expect(productTypesOfRoles([{ productTypes: ['1'] }, { productTypes: ['3', '1'] }])).toEqual(['1', '3']);
    expect(productTypesOfRoles([{ productTypes: ['1'] }, { productTypes: [] }])).toEqual([]);
    expect(productTypesOfRoles([])).toEqual([]);
  });

  it('permits every product type to an admin', () => {
    expect(isProductTypePermitted(buildActor({ isAdmin: true }), '99')).toBe(true);
  });
});
