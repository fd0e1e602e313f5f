import type { FmeaGraph, GraphFailure } from './graph.ts';
import { NODE_TYPES } from './node-types.ts';

/**
 * A small fluent builder of graphs for the engine's tests: ids are the names
 * you give, sorts follow the order of the calls.
 */
export function graphBuilder() {
  const g = {
    nodes: [] as { id: string; parentId: string | null; nodeType: number; sort: number }[],
    functions: [] as { id: string; nodeId: string; sort: number }[],
    functionLinks: [] as { id: string; higherId: string; lowerId: string }[],
    characteristics: [] as { id: string; functionId: string }[],
    interfaces: [] as { id: string; firstNodeId: string; secondNodeId: string }[],
    failures: [] as GraphFailure[],
    failureLinks: [] as { id: string; higherId: string; lowerId: string }[],
    controls: [] as { id: string; causeId: string }[],
    actions: [] as { id: string; causeId: string }[],
  };
  let sort = 0;
  const api = {
    root(id = 'P') {
      g.nodes.push({ id, parentId: null, nodeType: NODE_TYPES.product, sort: ++sort });
      return api;
    },
    node(id: string, parentId: string, nodeType: number = NODE_TYPES.element) {
      g.nodes.push({ id, parentId, nodeType, sort: ++sort });
      return api;
    },
    fn(id: string, nodeId: string) {
      g.functions.push({ id, nodeId, sort: ++sort });
      return api;
    },
    fnLink(higherId: string, lowerId: string) {
      g.functionLinks.push({ id: `fl:${higherId}>${lowerId}`, higherId, lowerId });
      return api;
    },
    fe(id: string, functionId: string) {
      g.failures.push({ id, functionId, kind: 'FE', sort: ++sort });
      return api;
    },
    fm(id: string, functionId: string) {
      g.failures.push({ id, functionId, kind: 'FM', sort: ++sort });
      return api;
    },
    fc(id: string, functionId: string) {
      g.failures.push({ id, functionId, kind: 'FC', sort: ++sort });
      return api;
    },
    link(higherId: string, lowerId: string) {
      g.failureLinks.push({ id: `l:${higherId}>${lowerId}`, higherId, lowerId });
      return api;
    },
    characteristic(id: string, functionId: string) {
      g.characteristics.push({ id, functionId });
      return api;
    },
    iface(id: string, firstNodeId: string, secondNodeId: string) {
      g.interfaces.push({ id, firstNodeId, secondNodeId });
      return api;
    },
    control(id: string, causeId: string) {
      g.controls.push({ id, causeId });
      return api;
    },
    action(id: string, causeId: string) {
      g.actions.push({ id, causeId });
      return api;
    },
    build(): FmeaGraph {
      return structuredClone(g);
    },
  };
  return api;
}

/**
 * Three levels, the handbook's window-lifter shape: product P (function p1,
 * effect E1) → element A (functions a1, a2; mode M1 on a1) → components C
 * (function c1; causes K1, K2) and D (function d1; cause K3); element B
 * (function b1) beside A. Chains: E1–M1–K1, E1–M1–K2, E1–M1–K3.
 */
export function threeLevelGraph() {
  return graphBuilder()
    .root('P')
    .node('A', 'P')
    .node('C', 'A')
    .node('D', 'A')
    .node('B', 'P')
    .fn('p1', 'P')
    .fn('a1', 'A')
    .fn('a2', 'A')
    .fn('c1', 'C')
    .fn('d1', 'D')
    .fn('b1', 'B')
    .fe('E1', 'p1')
    .fm('M1', 'a1')
    .fc('K1', 'c1')
    .fc('K2', 'c1')
    .fc('K3', 'd1')
    .link('E1', 'M1')
    .link('M1', 'K1')
    .link('M1', 'K2')
    .link('M1', 'K3');
}
