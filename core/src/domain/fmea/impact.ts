import { subtreeOf, type GraphIndex } from './graph.ts';

/** Anything in the project that can be deleted. */
export type FmeaItemKind =
  | 'node'
  | 'function'
  | 'characteristic'
  | 'interface'
  | 'failure'
  | 'control'
  | 'action'
  | 'functionLink'
  | 'failureLink';

export interface FmeaItemRef {
  readonly kind: FmeaItemKind;
  readonly id: string;
}

/** Everything that goes when the target goes; nothing may point at it afterwards. */
export interface RemovedSet {
  readonly nodes: readonly string[];
  readonly functions: readonly string[];
  readonly characteristics: readonly string[];
  readonly interfaces: readonly string[];
  readonly failures: readonly string[];
  readonly controls: readonly string[];
  readonly actions: readonly string[];
  readonly functionLinks: readonly string[];
  readonly failureLinks: readonly string[];
}

/** A link from outside the removed set into it: it is cut by the delete. */
export interface CrossingReference {
  readonly kind: 'functionLink' | 'failureLink' | 'interface';
  readonly id: string;
  /** The end inside the removed set and the one outside it. */
  readonly insideId: string;
  readonly outsideId: string;
  /** Structure node that owns the outside end. */
  readonly outsideNodeId: string | null;
}

export interface DeletionImpact {
  readonly target: FmeaItemRef;
  readonly removed: RemovedSet;
  readonly references: readonly CrossingReference[];
  /** Distinct structure nodes outside the removed set that use it: the N of "used by N nodes". */
  readonly usedByNodes: readonly string[];
  readonly count: number;
}

/**
 * What deleting one item takes with it and which other nodes use it (spec 001
 * §8 "current FMEA used by N nodes, confirm node deletion"). Pure: the
 * services delete exactly `removed` and ask first when `count` > 0.
 */
export function deletionImpact(index: GraphIndex, target: FmeaItemRef): DeletionImpact {
  const g = index.graph;
  const nodes = new Set<string>();
  const functions = new Set<string>();
  const failures = new Set<string>();
  const only = { characteristics: new Set<string>(), interfaces: new Set<string>(), controls: new Set<string>(), actions: new Set<string>(), functionLinks: new Set<string>(), failureLinks: new Set<string>() };
  switch (target.kind) {
    case 'node':
      for (const n of subtreeOf(index, target.id)) nodes.add(n.id);
      break;
    case 'function':
      functions.add(target.id);
      break;
    case 'failure':
      failures.add(target.id);
      break;
    case 'characteristic':
      only.characteristics.add(target.id);
      break;
    case 'interface':
      only.interfaces.add(target.id);
      break;
    case 'control':
      only.controls.add(target.id);
      break;
    case 'action':
      only.actions.add(target.id);
      break;
    case 'functionLink':
      only.functionLinks.add(target.id);
      break;
    case 'failureLink':
      only.failureLinks.add(target.id);
      break;
  }
  // Contents cascade downwards: nodes → functions → failures → controls/actions.
  for (const f of g.functions) if (nodes.has(f.nodeId)) functions.add(f.id);
  for (const f of g.failures) if (functions.has(f.functionId)) failures.add(f.id);
  const pick = <T extends { id: string }>(rows: readonly T[], test: (row: T) => boolean, into: Set<string>) => {
    for (const r of rows) if (test(r)) into.add(r.id);
  };
  pick(g.characteristics, (c) => functions.has(c.functionId), only.characteristics);
  pick(g.controls, (c) => failures.has(c.causeId), only.controls);
  pick(g.actions, (a) => failures.has(a.causeId), only.actions);

  const references: CrossingReference[] = [];
  const nodeOfFunction = (id: string) => index.fn.get(id)?.nodeId ?? null;
  const nodeOfFailureId = (id: string) => {
    const fnId = index.failure.get(id)?.functionId;
    return fnId ? nodeOfFunction(fnId) : null;
  };
  const cross = (kind: CrossingReference['kind'], id: string, a: string, b: string, inside: Set<string>, owner: (id: string) => string | null, into: Set<string>) => {
    const aIn = inside.has(a);
    const bIn = inside.has(b);
    if (!aIn && !bIn) return;
    into.add(id);
    if (aIn !== bIn) {
      const outsideId = aIn ? b : a;
      references.push({ kind, id, insideId: aIn ? a : b, outsideId, outsideNodeId: owner(outsideId) });
    }
  };
  for (const l of g.functionLinks) cross('functionLink', l.id, l.higherId, l.lowerId, functions, nodeOfFunction, only.functionLinks);
  for (const l of g.failureLinks) cross('failureLink', l.id, l.higherId, l.lowerId, failures, nodeOfFailureId, only.failureLinks);
  for (const i of g.interfaces) cross('interface', i.id, i.firstNodeId, i.secondNodeId, nodes, (id) => id, only.interfaces);

  const usedByNodes = [...new Set(references.map((r) => r.outsideNodeId).filter((id): id is string => id !== null))].sort();
  return {
    target,
    removed: {
      nodes: [...nodes],
      functions: [...functions],
      characteristics: [...only.characteristics],
      interfaces: [...only.interfaces],
      failures: [...failures],
      controls: [...only.controls],
      actions: [...only.actions],
      functionLinks: [...only.functionLinks],
      failureLinks: [...only.failureLinks],
    },
    references,
    usedByNodes,
    count: usedByNodes.length,
  };
}
