import { describe, expect, it } from 'vitest';
import { analyzeTree, toFaultTree, type FtaDocument } from '@fmea/core/domain';
import { above, addInput, below, moveInput, removeInput, rename, shareInput, updateGate } from './edit.ts';
import { smallTree } from './sample-trees.ts';

const ok = (edit: ReturnType<typeof addInput>): FtaDocument => {
  if (!edit.ok) throw new Error(edit.reason);
  return edit.doc;
};

describe('fault-tree edits', () => {
  it('builds TOP = (A and B) or (B and C) from an empty top gate, B shared, and the engine reads it', () => {
    let doc: FtaDocument = { name: 't', missionTime: 1000, top: 'TOP', gates: [{ name: 'TOP', operator: 'or', inputs: [] }], basicEvents: [], houseEvents: [], transfers: [] };
    doc = ok(addInput(doc, 'TOP', 'and')); // G1
    doc = ok(addInput(doc, 'TOP', 'and')); // G2
    doc = ok(addInput(doc, 'G1', 'basic')); // E1
    doc = ok(addInput(doc, 'G1', 'basic')); // E2
    doc = ok(addInput(doc, 'G2', 'basic')); // E3
    doc = ok(shareInput(doc, 'E2', 'G2'));
    expect(doc.gates).toEqual([
      { name: 'TOP', operator: 'or', inputs: ['G1', 'G2'] },
      { name: 'G1', operator: 'and', inputs: ['E1', 'E2'] },
      { name: 'G2', operator: 'and', inputs: ['E3', 'E2'] },
    ]);
    const result = analyzeTree(toFaultTree(doc));
    expect(result.minimalCutSets.map((s) => [...s].sort())).toEqual([
      ['E1', 'E2'],
      ['E2', 'E3'],
    ]);
    // 0.001·0.001 twice, less the triple counted twice
    expect(result.probability.exact).toBeCloseTo(2e-6 - 1e-9, 15);
  });

  it('refuses to share or move a gate under itself or under one of its inputs, or twice into one gate', () => {
    const doc = smallTree();
    expect(shareInput(doc, 'TOP', 'G1')).toEqual({ ok: false, reason: 'cycle' });
    expect(shareInput(doc, 'G2', 'G1')).toEqual({ ok: false, reason: 'cycle' }); // G1 is an input of G2
    expect(shareInput(doc, 'B', 'G2')).toEqual({ ok: true, name: 'B', doc: expect.anything() });
    expect(moveInput(doc, 'TOP', 0, 'G2')).toEqual({ ok: false, reason: 'already-input' });
    expect(shareInput(doc, 'G1', 'G1')).toEqual({ ok: false, reason: 'cycle' });
  });

  it('finds the gates above a node, the ones that may not become its inputs, as walking down from each would', () => {
    const doc = smallTree();
    expect([...above(doc, 'G1')].sort()).toEqual(['G1', 'G2', 'TOP']);
    expect([...above(doc, 'C')].sort()).toEqual(['C', 'G2', 'TOP']);
    for (const n of ['TOP', 'G1', 'G2', 'A', 'B', 'C']) for (const g of ['TOP', 'G1', 'G2']) expect(above(doc, g).has(n)).toBe(below(doc, n).has(g));
  });

  it('moves an input from one gate to another', () => {
    const moved = ok(moveInput(smallTree(), 'G1', 1, 'G2'));
    expect(moved.gates.find((g) => g.name === 'G1')!.inputs).toEqual(['A']);
    expect(moved.gates.find((g) => g.name === 'G2')!.inputs).toEqual(['A', 'C', 'G1', 'B']);
  });

  it('deleting an input drops what no gate uses any more, and keeps what another gate still uses', () => {
    // TOP's G1 goes: G1 is still an input of G2, so it and its events stay
    const kept = ok(removeInput(smallTree(), 'TOP', 0));
    expect(kept.gates.map((g) => g.name)).toEqual(['TOP', 'G1', 'G2']);
    // then G2 goes: G1 with it, and B (used only by G1); A and C are still under TOP? C is, A is not
    const gone = ok(removeInput(kept, 'TOP', 1));
    expect(gone.gates.map((g) => g.name)).toEqual(['TOP']);
    expect(gone.basicEvents.map((e) => e.name)).toEqual(['C']);
  });

  it('renames everywhere, and refuses a taken or empty name', () => {
    const doc = ok(rename(smallTree(), 'A', 'PUMP'));
    expect(doc.gates.flatMap((g) => g.inputs).filter((n) => n === 'PUMP')).toHaveLength(2);
    expect(doc.basicEvents[0]!.name).toBe('PUMP');
    expect(ok(rename(smallTree(), 'TOP', 'T0')).top).toBe('T0');
    expect(rename(smallTree(), 'A', 'B')).toEqual({ ok: false, reason: 'name-taken' });
    expect(rename(smallTree(), 'A', '  ')).toEqual({ ok: false, reason: 'name-empty' });
  });

  it('drops k when a voting gate becomes another operator', () => {
    expect(updateGate(smallTree(), 'G2', { operator: 'or' }).gates[2]).toEqual({ name: 'G2', operator: 'or', inputs: ['A', 'C', 'G1'] });
  });
});
