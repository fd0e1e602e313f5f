import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { faultTreeToMef, randomFaultTree, runScram, scramInstalled } from '../../testing/index.ts';
import { analyzeTree } from './analyze.ts';

/**
 * The engine against SCRAM 0.16 (the open-source PSA tool, Debian package `scram`; only its report is
 * read, none of its code is used): a handful of small random trees with shared events, k-of-n and, in
 * half of them, NOT and XOR gates, written as MEF and solved by both. SCRAM's BDD probability is exact and
 * printed to six digits; for coherent trees its number of minimal cut sets must be ours. .ci/run installs
 * scram; elsewhere the test is skipped when it is not on PATH.
 */
const installed = scramInstalled();

describe('the FTA engine against SCRAM', () => {
  it.skipIf(!installed)('gives SCRAM’s probability and cut-set count on random trees (needs scram on PATH: .ci/run installs it)', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fmea-fta-scram-'));
    const seen = { atleast: 0, not: 0, shared: 0 };
    try {
      for (let seed = 1; seed <= 8; seed++) {
        const tree = randomFaultTree({ events: 30, seed, negation: seed % 2 === 0, shared: 0.3 });
        for (const gate of tree.gates.values()) if (gate.operator === 'atleast' || gate.operator === 'not') seen[gate.operator]++;
        const uses = [...tree.gates.values()].flatMap((g) => g.inputs).filter((input) => tree.basicEvents.has(input));
        seen.shared += uses.length - new Set(uses).size;
        const file = join(dir, `${tree.name}.xml`);
        writeFileSync(file, faultTreeToMef(tree));
        const ours = analyzeTree(tree, { listLimit: 0 });
        const theirs = await runScram(file, ['--bdd', '--probability', 'true', '--limit-order', '1000'], 60_000);
        expect(theirs.probability, `${tree.name}: SCRAM answered`).not.toBeNull();
        expect(Math.abs(ours.probability.exact - theirs.probability!), tree.name).toBeLessThanOrEqual(5e-6 * ours.probability.exact);
        if (ours.coherent) expect(ours.cutSetCount, tree.name).toBe(theirs.products);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // the trees did hold what the check is about
    expect(seen.atleast).toBeGreaterThan(0);
    expect(seen.not).toBeGreaterThan(0);
    expect(seen.shared).toBeGreaterThan(5);
  });
});
