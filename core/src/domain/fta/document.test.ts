import { describe, expect, it } from 'vitest';
import { analyzeTree } from './analyze.ts';
import { toFaultTree, type FtaDocument } from './document.ts';

const doc = (over: Partial<FtaDocument> = {}): FtaDocument => ({
  name: 'pump',
  missionTime: 1000,
  top: 'top',
  gates: [{ name: 'top', operator: 'and', inputs: ['a', 'sub'] }],
  basicEvents: [{ name: 'a', model: { kind: 'exponential', rate: 1e-4 } }],
  houseEvents: [],
  transfers: [{ name: 'sub', tree: 'FT1' }],
  ...over,
});
const other: FtaDocument = { name: 'valve', missionTime: 1, top: 'v', gates: [{ name: 'v', operator: 'or', inputs: ['b'] }], basicEvents: [{ name: 'b', model: { kind: 'probability', probability: 0.5 } }], houseEvents: [], transfers: [] };

describe('a stored fault tree as the engine reads it', () => {
  it('turns a rate into a probability over the mission time and resolves a transfer to the other tree’s top', () => {
    const tree = toFaultTree(doc(), { resolve: (t) => (t === 'FT1' ? other : undefined) });
    expect(tree.basicEvents.get('a')).toBeCloseTo(1 - Math.exp(-0.1), 12);
    expect(analyzeTree(tree).probability.exact).toBeCloseTo((1 - Math.exp(-0.1)) * 0.5, 12);
    expect(toFaultTree(doc(), { missionTime: 10, resolve: () => other }).basicEvents.get('a')).toBeCloseTo(1 - Math.exp(-1e-3), 12);
  });

  it('refuses a transfer it cannot resolve, and transfers in a circle', () => {
    expect(() => toFaultTree(doc())).toThrow(/undefined/);
    const back: FtaDocument = { ...other, transfers: [{ name: 'back', tree: 'pump' }], gates: [{ name: 'v', operator: 'or', inputs: ['b', 'back'] }] };
    expect(() => toFaultTree(doc(), { resolve: (t) => (t === 'FT1' ? back : doc()) })).toThrow(/cycle/);
  });
});
