/**
 * One tree of `npm run bench:fta` in its own process (so that a tree past the time limit is stopped
 * without stopping the bench): reads the MEF file, answers the exact probability (mode `probability`) or
 * the probability and the cut-set count (mode `cut-sets`) as one JSON line on stdout.
 */
import { readFileSync } from 'node:fs';
import { analyzeTree, readMef } from '@fmea/core/domain';

const [file, mode] = process.argv.slice(2);
const tree = readMef(readFileSync(file!, 'utf8'));
const start = performance.now();
const result = analyzeTree(tree, { listLimit: 0, cutSets: mode === 'cut-sets' });
const ms = performance.now() - start;
console.log(JSON.stringify({ ms, probability: result.probability.exact, count: result.cutSetCount, coherent: result.coherent }));
