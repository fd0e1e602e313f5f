import { describe, expect, it } from 'vitest';
import { NODE_TYPES, assertChildNodeType, isSpecialNodeType, nodeTypeProfile } from './node-types.ts';

describe('node types', () => {
  it('knows the spec codes: product 1, function 2, element 9', () => {
    expect(NODE_TYPES).toMatchObject({ product: 1, function: 2, element: 9 });
    expect(nodeTypeProfile(1)).toMatchObject({ root: true, structural: true, editable: false });
    expect(nodeTypeProfile(2)).toMatchObject({ structural: false });
    expect(nodeTypeProfile(9)).toMatchObject({ root: false, structural: true, editable: true, special: false });
  });

  it.each([1, 12, 8, 80, 81, 89, 800, 8123])('treats %i as special', (code) => {
    expect(isSpecialNodeType(code)).toBe(true);
    expect(nodeTypeProfile(code)?.special).toBe(true);
  });

  it.each([2, 9, 18, 28, 0, -8, 8.5])('does not treat %d as special', (code) => {
    expect(isSpecialNodeType(code)).toBe(false);
  });

  it('reads every code starting with 8 as a fixed node that may hold functions but not be deleted by the editor', () => {
    expect(nodeTypeProfile(83)).toEqual({ code: 83, structural: true, root: false, special: true, editable: false, labelKey: 'fmea.node_type.fixed' });
  });

  it.each([0, 3, 7, 10, 11, 13, 90, -1, 1.5, '9', null])('knows no type %j', (code) => {
    expect(nodeTypeProfile(code)).toBeUndefined();
  });

  it('accepts elements, assembly parts and fixed types for a new child node', () => {
    expect(assertChildNodeType(9).code).toBe(9);
    expect(assertChildNodeType(12).code).toBe(12);
    expect(assertChildNodeType(85).code).toBe(85);
  });

  it('refuses a second product, a function node and an unknown type', () => {
    expect(() => assertChildNodeType(1)).toThrow(expect.objectContaining({ messageKey: 'fmea.second_root' }));
    expect(() => assertChildNodeType(2)).toThrow(expect.objectContaining({ messageKey: 'fmea.node_type_not_structural', params: { nodeType: 2 } }));
    expect(() => assertChildNodeType(7)).toThrow(expect.objectContaining({ messageKey: 'fmea.node_type_unknown', params: { nodeType: '7' } }));
  });
});
