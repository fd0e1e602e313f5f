import { Bdd, FALSE as BDD_FALSE, OverBudget, TRUE as BDD_TRUE } from './bdd.ts';
import { findModules } from './modules.ts';
import { FALSE, TRUE, type Graph } from './preprocess.ts';
import { STRATEGIES, variableOrder, type Strategy } from './order.ts';
import { CutSets } from './zbdd.ts';

/**
 * The tree solved module by module (issue 23): each module gets its own BDD over its basic events and its
 * sub-modules, each sub-module one variable (Dutuit & Rauzy). Because a module shares no event with the
 * rest of the tree, everything composes exactly:
 * - probability: a sub-module's probability, computed first, is its variable's probability;
 * - Birnbaum, by the chain rule: ∂P/∂x = ∂P/∂M · ∂M/∂x for x inside module M;
 * - minimal cut sets of a coherent tree: a parent's cut set that holds M is completed by each cut set of M
 *   (disjoint events, so every such union is minimal and they are all different): the count is the sum
 *   over the parent's sets of the product of its modules' counts, the rare-event sum likewise with
 *   products of sums, and listing substitutes the module's sets.
 */
export interface ModularSolution {
  probability: number;
  /** ∂P(top)/∂p(event), by event node. */
  birnbaum: Float64Array;
  /** Coherent trees only. */
  cutSets: { count: number; rareEvent: number; list: (limit: number, maxOrder: number, minOrder?: number) => number[][] } | null;
}

interface Module {
  /** Local level → node (a basic event, or a module gate standing as one variable). */
  vars: number[];
  bdd: Bdd;
  root: number;
  probability: number;
  zbdd: CutSets;
  family: number;
  count: number;
  rareEvent: number;
}

/** One variable order's diagram under construction, and its gates built so far. */
interface Attempt {
  vars: number[];
  bdd: Bdd;
  built: Map<number, number>;
}

/** Node budgets of the successive rounds of orders; the last round is unbounded. */
export const BUDGETS = [1 << 15, 1 << 18, 1 << 21];

/** `budgets`: the rounds' node budgets (tests pass tiny ones, so that every order is stopped and resumed). */
/** `bounded`: no unbounded last round; `OverBudget` is thrown when a module passes the last budget under every order tried. */
export function solve(graph: Graph, cutSets: boolean, budgets: readonly number[] = BUDGETS, bounded = false): ModularSolution {
  const { events, probabilities, gates, top } = graph;
  const E = events.length;
  const birnbaum = new Float64Array(E);
  if (top === FALSE || top === TRUE) {
    const on = top === TRUE;
    return { probability: on ? 1 : 0, birnbaum, cutSets: cutSets ? { count: on ? 1 : 0, rareEvent: on ? 1 : 0, list: () => (on ? [[]] : []) } : null };
  }
  const negated = (top & 1) === 1;
  if (top >> 1 < E) {
    const p = probabilities[top >> 1]!;
    birnbaum[top >> 1] = negated ? -1 : 1;
    return { probability: negated ? 1 - p : p, birnbaum, cutSets: cutSets && !negated ? { count: 1, rareEvent: p, list: () => [[top >> 1]] } : null };
  }
  const isModule = findModules(graph);
  const weight = new Float64Array(gates.length);
  const modules = new Map<number, Module>();
  /** Bottom-up: a module's sub-modules are solved before its own BDD is built. */
  const solveModule = (m: number): Module => {
    const known = modules.get(m);
    if (known) return known;
    for (const c of variableOrder(graph, isModule, m, 'dfs', weight)) if (c >= E) solveModule(c - E);
    // each order in turn under a node budget, the budget growing each round (order.ts); the orders that
    // got furthest (gates built) go first in the next round, and from the third round only the best two
    const progress = new Map<Strategy, number>(STRATEGIES.map((s) => [s, 0]));
    // an order's diagram is kept between rounds and resumed under the larger budget: its nodes and computed
    // table are still valid (every stored node and entry was complete), so no round redoes an earlier one's work
    const started = new Map<Strategy, Attempt>();
    for (const [round, budget] of [...budgets, ...(bounded ? [] : [Infinity])].entries()) {
      const ranked = [...STRATEGIES].sort((a, b) => progress.get(b)! - progress.get(a)!);
      for (const strategy of ranked.slice(0, budget === Infinity ? 1 : round >= 2 ? 2 : ranked.length)) {
        let state = started.get(strategy);
        if (!state) started.set(strategy, (state = { vars: variableOrder(graph, isModule, m, strategy, weight), bdd: new Bdd(), built: new Map() }));
        try {
          const module = attempt(m, state, budget);
          modules.set(m, module);
          return module;
        } catch (error) {
          if (!(error instanceof OverBudget)) throw error;
          progress.set(strategy, error.progress);
        }
      }
    }
    throw new OverBudget();
  };
  const attempt = (m: number, { vars, bdd, built }: Attempt, budget: number): Module => {
    const level = new Map(vars.map((c, at) => [c, at]));
    bdd.store.limit = budget;
    const build = (l: number): number => {
      const at = level.get(l >> 1);
      const f = at !== undefined ? bdd.variable(at) : buildGate((l >> 1) - E);
      return l & 1 ? bdd.not(f) : f;
    };
    const buildGate = (g: number): number => {
      const known = built.get(g);
      if (known !== undefined) return known;
      const gate = gates[g]!;
      const inputs = gate.inputs.map(build);
      // AND and OR combine the inputs testing the deepest variables first, so intermediate results stay small
      if (gate.op === 'and' || gate.op === 'or') inputs.sort((a, b) => bdd.store.level[b]! - bdd.store.level[a]!);
      let result: number;
      switch (gate.op) {
        case 'and':
          result = inputs.reduce((a, b) => bdd.and(a, b), BDD_TRUE);
          break;
        case 'or':
          result = inputs.reduce((a, b) => bdd.or(a, b), BDD_FALSE);
          break;
        case 'xor':
          result = inputs.reduce((a, b) => bdd.xor(a, b), BDD_FALSE);
          break;
        case 'atleast': {
          // at least k: atLeast[j] after each input is "j of the inputs so far" (j = 0..k)
          const k = gate.min;
          const atLeast = [BDD_TRUE, ...new Array<number>(k).fill(BDD_FALSE)];
          for (const input of inputs) for (let j = k; j >= 1; j--) atLeast[j] = bdd.or(atLeast[j]!, bdd.and(atLeast[j - 1]!, input));
          result = atLeast[k]!;
          break;
        }
      }
      built.set(g, result);
      return result;
    };
    let root: number;
    try {
      root = buildGate(m);
    } catch (error) {
      if (error instanceof OverBudget) error.progress = built.size;
      throw error;
    }
    const p = vars.map((c) => (c < E ? probabilities[c]! : modules.get(c - E)!.probability));
    const zbdd = new CutSets(bdd);
    const module: Module = { vars, bdd, root, probability: bdd.probability(root, p), zbdd, family: 0, count: 0, rareEvent: 0 };
    if (cutSets) {
      zbdd.store.limit = budget;
      module.family = zbdd.minimal(root);
      module.count = zbdd.count(module.family, vars.map((c) => (c < E ? 1 : modules.get(c - E)!.count)));
      module.rareEvent = zbdd.rareEvent(module.family, vars.map((c) => (c < E ? probabilities[c]! : modules.get(c - E)!.rareEvent)));
    }
    return module;
  };
  const topGate = (top >> 1) - E;
  const main = solveModule(topGate);

  // Birnbaum top-down: each module's own importance times the parent's importance of its variable
  const factor = new Map<number, number>([[topGate, negated ? -1 : 1]]);
  for (const m of [...modules.keys()].reverse()) {
    const module = modules.get(m)!;
    const f = factor.get(m) ?? 0;
    const local = module.bdd.birnbaum(module.root, module.vars.map((c) => (c < E ? probabilities[c]! : modules.get(c - E)!.probability)), module.vars.length);
    module.vars.forEach((c, at) => {
      if (c < E) birnbaum[c] = f * local[at]!;
      else factor.set(c - E, f * local[at]!);
    });
  }
  return {
    probability: negated ? 1 - main.probability : main.probability,
    birnbaum,
    cutSets: cutSets && !negated ? { count: main.count, rareEvent: main.rareEvent, list: (limit, maxOrder, minOrder = 0) => listSets(modules, topGate, E, limit, maxOrder, minOrder) } : null,
  };
}

/** At most `limit` cut sets of `minOrder` to `maxOrder` events, each module's sets substituted for its variable. */
function listSets(modules: ReadonlyMap<number, Module>, topGate: number, E: number, limit: number, maxOrder: number, minOrder: number): number[][] {
  const minimum = new Map<number, Map<number, number>>();
  // the size of the smallest set below a node, so that walks too long are cut short
  const smallest = (m: number, n: number): number => {
    if (n === 0) return Infinity;
    if (n === 1) return 0;
    let memo = minimum.get(m);
    if (!memo) minimum.set(m, (memo = new Map()));
    const known = memo.get(n);
    if (known !== undefined) return known;
    const s = modules.get(m)!.zbdd.store;
    const c = modules.get(m)!.vars[s.level[n]!]!;
    const weight = c < E ? 1 : smallest(c - E, modules.get(c - E)!.family);
    const value = Math.min(weight + smallest(m, s.high[n]!), smallest(m, s.low[n]!));
    memo.set(n, value);
    return value;
  };
  function* sets(m: number, n: number, budget: number): Generator<number[]> {
    if (smallest(m, n) > budget) return;
    if (n === 1) {
      yield [];
      return;
    }
    const s = modules.get(m)!.zbdd.store;
    const c = modules.get(m)!.vars[s.level[n]!]!;
    const high = s.high[n]!;
    if (c < E) {
      for (const rest of sets(m, high, budget - 1)) yield [c, ...rest];
    } else {
      const sub = c - E;
      for (const inner of sets(sub, modules.get(sub)!.family, budget - smallest(m, high))) for (const rest of sets(m, high, budget - inner.length)) yield [...inner, ...rest];
    }
    yield* sets(m, s.low[n]!, budget);
  }
  const out: number[][] = [];
  if (limit <= 0) return out;
  for (const set of sets(topGate, modules.get(topGate)!.family, maxOrder)) {
    if (set.length < minOrder) continue;
    out.push(set);
    if (out.length >= limit) break;
  }
  return out;
}
