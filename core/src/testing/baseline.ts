import { canonicalSnapshot, type FmeaSnapshot } from '../domain/fmea-baseline/index.ts';
import { syntheticAnalysis } from './synthetic.ts';

/**
 * The synthetic DFMEA (services/fmea/synthetic.ts) as a baseline snapshot,
 * without a database: its keys become the ids, sort numbers follow the order.
 * For the diff's tests and its bench (bench/baseline-diff.bench.ts).
 */
export function syntheticSnapshot({ chains = 20_000 }: { chains?: number } = {}): FmeaSnapshot {
  const a = syntheticAnalysis({ chains });
  const sorts = new Map<string, number>();
  const next = (owner: string) => {
    const n = (sorts.get(owner) ?? 0) + 1;
    sorts.set(owner, n);
    return n;
  };
  return canonicalSnapshot({
    project: { id: 'p', serialNum: 'DF0001', projectType: 'dfmea', name: 'Synthetic', versionLabel: 'A', apTable: 'dfmea' },
    ap: { table: 'dfmea', selection: '', rules: [] },
    members: [{ id: 'u1', userId: 'u1', userName: 'owner', roles: [0] }],
    nodes: [
      { id: '@root', parentId: null, nodeType: 1, name: 'Synthetic product', sort: 1 },
      ...(a.nodes ?? []).map((n) => ({ id: n.key, parentId: n.parentKey ?? '@root', nodeType: n.nodeType ?? 3, name: n.name, sort: next(n.parentKey ?? '@root') })),
    ],
    functions: (a.functions ?? []).map((f) => ({ id: f.key, nodeId: f.nodeKey, description: f.description, requirement: f.requirement ?? null, sort: next(`f:${f.nodeKey}`) })),
    functionLinks: (a.functionLinks ?? []).map((l) => ({ id: `${l.higherKey}>${l.lowerKey}`, higherFunctionId: l.higherKey, lowerFunctionId: l.lowerKey })),
    characteristics: (a.characteristics ?? []).map((c, i) => ({ id: `ch${i}`, functionId: c.functionKey, name: c.name, characteristicClass: c.characteristicClass, special: c.special ?? false, sort: next(`c:${c.functionKey}`) })),
    interfaces: [],
    failures: (a.failures ?? []).map((f) => ({ ...f, id: f.key, functionId: f.functionKey, sort: next(`x:${f.functionKey}`) })),
    failureLinks: (a.failureLinks ?? []).map((l) => ({ id: `${l.higherKey}>${l.lowerKey}`, higherFailureId: l.higherKey, lowerFailureId: l.lowerKey })),
    controls: (a.controls ?? []).map((c, i) => ({ id: `ct${i}`, causeId: c.causeKey, kind: c.kind, description: c.description, sort: next(`ct:${c.causeKey}:${c.kind}`) })),
    actions: (a.actions ?? []).map((x, i) => ({ ...x, id: `ac${i}`, causeId: x.causeKey, status: 'open', sort: next(`a:${x.causeKey}`) })),
  });
}
