import type { Graph } from './preprocess.ts';

/**
 * Variable orders for a module's BDD (issue 23). Every one is a depth-first walk from the module that
 * numbers basic events and sub-modules as it first meets them; they differ in the order a gate's inputs
 * are walked. The BDD's size depends on the order by orders of magnitude and no single rule is best on
 * every tree (measured on the Aralia set: edf9202 0.2 s "lightest first" against > 25 s "heaviest first",
 * edfpa14b the other way round), so the solver tries them in turn under a node budget (modular.ts).
 * - `dfs`: inputs as written (the analyst's own grouping is often a good one);
 * - `light` / `heavy`: inputs with fewer (more) variable occurrences below them first;
 * - `gates` / `events`: gate inputs before (after) basic events.
 */
export const STRATEGIES = ['dfs', 'light', 'heavy', 'gates', 'events'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export function variableOrder(graph: Graph, isModule: Uint8Array, m: number, strategy: Strategy, weight: Float64Array): number[] {
  const { gates } = graph;
  const E = graph.events.length;
  const leaf = (c: number) => c < E || isModule[c - E] === 1;
  // variable occurrences below a gate, with repetitions (cheap, and what the BDD's width follows)
  const weigh = (c: number): number => {
    if (leaf(c)) return 1;
    if (weight[c - E]! > 0) return weight[c - E]!;
    let w = 0;
    for (const l of gates[c - E]!.inputs) w += weigh(l >> 1);
    return (weight[c - E] = Math.min(w, 1e15));
  };
  const key = (l: number): number => {
    const c = l >> 1;
    switch (strategy) {
      case 'light':
        return weigh(c);
      case 'heavy':
        return -weigh(c);
      case 'gates':
        return leaf(c) ? 1 : 0;
      case 'events':
        return leaf(c) ? 0 : 1;
      default:
        return 0;
    }
  };
  const vars: number[] = [];
  const seen = new Set<number>();
  const walk = (g: number) => {
    const inputs = strategy === 'dfs' ? gates[g]!.inputs : gates[g]!.inputs.map((l, at) => ({ l, at, k: key(l) })).sort((a, b) => a.k - b.k || a.at - b.at).map((x) => x.l);
    for (const l of inputs) {
      const c = l >> 1;
      if (seen.has(c)) continue;
      seen.add(c);
      if (leaf(c)) vars.push(c);
      else walk(c - E);
    }
  };
  walk(m);
  return vars;
}
