/**
 * `npm run bench`: AP evaluations per second over 1,000,000 random triples
 * (rule-by-rule and through the precompiled table), and numbers allocated per
 * second under concurrent creates on a WAL file database with several
 * connections. Prints figures; asserts nothing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { compileApTable, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION, evaluateAp } from '@fmea/core/domain';
import { allocateNumber, createContext, openDatabase, prepareDatabase } from '@fmea/core';

const TRIPLES = 1_000_000;

function randomTriples(n: number): Uint8Array {
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < out.length; i++) out[i] = 1 + Math.floor(Math.random() * 10);
  return out;
}

function rate(count: number, ms: number) {
  return `${Math.round((count / ms) * 1000).toLocaleString('en-US')}/s`;
}

function benchAp() {
  const triples = randomTriples(TRIPLES);
  const rules = DEFAULT_AP_RULES.dfmea;
  const tally = { H: 0, M: 0, L: 0 };

  let start = performance.now();
  for (let i = 0; i < triples.length; i += 3) {
    tally[evaluateAp(rules, { s: triples[i]!, o: triples[i + 1]!, d: triples[i + 2]! }, DEFAULT_AP_SELECTION)]++;
  }
  const direct = performance.now() - start;

  start = performance.now();
  const lookup = compileApTable(rules, DEFAULT_AP_SELECTION);
  const compileMs = performance.now() - start;
  start = performance.now();
  for (let i = 0; i < triples.length; i += 3) tally[lookup(triples[i]!, triples[i + 1]!, triples[i + 2]!)]++;
  const compiled = performance.now() - start;

  console.log(`AP evaluation, ${TRIPLES.toLocaleString('en-US')} random S/O/D triples (AIAG-VDA DFMEA table, ${rules.length} rules)`);
  console.log(`  rule by rule:        ${direct.toFixed(0)} ms  ${rate(TRIPLES, direct)}`);
  console.log(`  precompiled table:   ${compiled.toFixed(1)} ms  ${rate(TRIPLES, compiled)}  (compile ${compileMs.toFixed(2)} ms)`);
  console.log(`  share H/M/L:         ${(tally.H / 2 / TRIPLES * 100).toFixed(1)}% / ${(tally.M / 2 / TRIPLES * 100).toFixed(1)}% / ${(tally.L / 2 / TRIPLES * 100).toFixed(1)}%`);
}

async function benchNumbering() {
  const dir = mkdtempSync(join(tmpdir(), 'fmea-bench-'));
  const url = `file:${join(dir, 'bench.db')}`;
  const first = await openDatabase(url);
  await prepareDatabase(first.db, createContext(first.db), { adminPassword: 'Bench#Pass9x!Q' });
  const connections = [first, ...(await Promise.all([1, 2, 3].map(() => openDatabase(url))))];
  const perConnection = 500;
  const now = new Date();
  const start = performance.now();
  const numbers = await Promise.all(
    connections.flatMap((c) => Array.from({ length: perConnection }, () => allocateNumber(c.db, 'dfmeaProject', now))),
  );
  const ms = performance.now() - start;
  const total = connections.length * perConnection;
  console.log(`Numbering, ${total} concurrent allocations over ${connections.length} clients on one WAL file`);
  console.log(`  ${ms.toFixed(0)} ms  ${rate(total, ms)}  unique: ${new Set(numbers).size === total ? 'yes' : 'NO'}`);
  connections.forEach((c) => c.close());
  rmSync(dir, { recursive: true, force: true });
}

benchAp();
await benchNumbering();
