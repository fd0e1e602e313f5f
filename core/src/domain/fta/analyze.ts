import { Bdd, FALSE, OverBudget, TRUE } from './bdd.ts';
import { FaultTreeError, type FaultTree } from './model.ts';
import { factorCommonInputs } from './factor.ts';
import { BUDGETS, solve, type ModularSolution } from './modular.ts';
import { preprocess } from './preprocess.ts';

/**
 * The FTA engine (issue 23): the tree preprocessed (preprocess.ts) and cut into modules (modules.ts), one
 * BDD per module (modular.ts), giving the exact top-event probability under independence and, for a
 * coherent tree (no NOT or XOR left), its minimal cut sets as ZBDDs: counted, summed into the rare-event
 * approximation and the min-cut upper bound, and listed up to a limit. Importance measures come from the
 * BDDs. Repeated events are one variable, so they are counted once, never multiplied through gates.
 */
export interface AnalysisOptions {
  /** Most cut sets listed (their count is exact whatever this is). Default 1000. */
  listLimit?: number;
  /** Largest cut set listed (order). */
  maxOrder?: number;
  /** Minimal cut sets at all (default true); without them only the probability and importance are computed, sooner. */
  cutSets?: boolean;
}

export interface Importance {
  event: string;
  probability: number;
  birnbaum: number;
  fussellVesely: number;
  /** Risk achievement worth: P(top | event) / P(top). */
  raw: number;
  /** Risk reduction worth: P(top) / P(top | ¬event). */
  rrw: number;
}

export interface FtaResult {
  probability: { exact: number; rareEvent: number | null; mcub: number | null };
  coherent: boolean;
  /** Every minimal cut set, counted (null for a tree with NOT or XOR). */
  cutSetCount: number | null;
  /** The listed cut sets, each as basic-event names, smallest first. */
  minimalCutSets: string[][];
  importance: Importance[];
  /** Basic events in variable order. */
  events: string[];
}

/** The basic events in the order a depth-first walk from the top meets them, and whether the tree is coherent. */
function orderEvents(tree: FaultTree): { events: string[]; coherent: boolean } {
  const events: string[] = [];
  const seen = new Set<string>();
  const state = new Map<string, 'open' | 'done'>();
  let coherent = true;
  const visit = (name: string) => {
    const gate = tree.gates.get(name);
    if (!gate) {
      if (tree.basicEvents.has(name) && !seen.has(name)) {
        seen.add(name);
        events.push(name);
      }
      return;
    }
    const at = state.get(name);
    if (at === 'done') return;
    if (at === 'open') throw new FaultTreeError('cycle', name, { name });
    state.set(name, 'open');
    if (gate.operator === 'not' || gate.operator === 'xor') coherent = false;
    for (const input of gate.inputs) visit(input);
    state.set(name, 'done');
  };
  visit(tree.top);
  return { events, coherent };
}

/** The top event's BDD over the whole tree, in depth-first order, without preprocessing or modules (for small trees and checks). */
export function buildBdd(tree: FaultTree): { bdd: Bdd; root: number; events: string[]; coherent: boolean } {
  const { events, coherent } = orderEvents(tree);
  const level = new Map(events.map((name, i) => [name, i]));
  const bdd = new Bdd();
  const built = new Map<string, number>();
  const build = (name: string): number => {
    const house = tree.houseEvents.get(name);
    if (house !== undefined) return house ? TRUE : FALSE;
    const l = level.get(name);
    if (l !== undefined) return bdd.variable(l);
    const known = built.get(name);
    if (known !== undefined) return known;
    const gate = tree.gates.get(name)!;
    const inputs = gate.inputs.map(build);
    let result: number;
    switch (gate.operator) {
      case 'and':
        result = inputs.reduce((a, b) => bdd.and(a, b), TRUE);
        break;
      case 'or':
        result = inputs.reduce((a, b) => bdd.or(a, b), FALSE);
        break;
      case 'xor':
        result = inputs.reduce((a, b) => bdd.xor(a, b), FALSE);
        break;
      case 'not':
        result = bdd.not(inputs[0]!);
        break;
      case 'atleast': {
        // at least k: atLeast[j] after each input is "j of the inputs so far" (j = 0..k)
        const k = gate.min!;
        const atLeast = [TRUE, ...new Array<number>(k).fill(FALSE)];
        for (const input of inputs) for (let j = k; j >= 1; j--) atLeast[j] = bdd.or(atLeast[j]!, bdd.and(atLeast[j - 1]!, input));
        result = atLeast[k]!;
        break;
      }
    }
    built.set(name, result);
    return result;
  };
  return { bdd, root: build(tree.top), events, coherent };
}

export function analyzeTree(tree: FaultTree, options: AnalysisOptions = {}): FtaResult {
  const { events } = orderEvents(tree);
  // the tree as preprocessed first, within the bounded rounds of orders; past them, with its common inputs
  // factored out (factor.ts), which makes some trees' BDDs much smaller (das9701) and others' larger (cea9601)
  let graph = preprocess(tree);
  const factored = factorCommonInputs(graph);
  const wanted = graph.coherent && options.cutSets !== false;
  let solution: ModularSolution | null = null;
  if (factored !== graph)
    try {
      solution = solve(graph, wanted, BUDGETS, true);
    } catch (error) {
      if (!(error instanceof OverBudget)) throw error;
      graph = factored;
    }
  const { probability: exact, birnbaum: byNode, cutSets } = solution ?? solve(graph, wanted);
  const node = new Map(graph.events.map((name, i) => [name, i]));
  let minimalCutSets: string[][] = [];
  let mcub: number | null = null;
  if (cutSets) {
    const limit = options.listLimit ?? 1000;
    const largest = Math.min(options.maxOrder ?? Infinity, graph.events.length);
    let listed: number[][] = [];
    if (cutSets.count <= limit) listed = cutSets.list(cutSets.count, largest);
    // fewer listed than there are: the smallest first, one order more at a time until the limit is reached
    else for (let order = 0; order <= largest && listed.length < limit; order++) listed.push(...cutSets.list(limit - listed.length, order, order));
    minimalCutSets = listed.map((set) => set.map((l) => graph.events[l]!).sort()).sort((a, b) => a.length - b.length || (a.join('\0') < b.join('\0') ? -1 : 1));
    // 1 − Π(1 − P(cut set)), over every cut set: only when all of them are listed
    if (listed.length === cutSets.count) mcub = 1 - listed.reduce((product, set) => product * (1 - set.reduce((q, l) => q * graph.probabilities[l]!, 1)), 1);
  }
  const importance = events.map((event) => {
    const q = tree.basicEvents.get(event)!;
    const at = node.get(event);
    const ib = at === undefined ? 0 : byNode[at]!;
    const given = exact + (1 - q) * ib; // P(top | event)
    const without = exact - q * ib; // P(top | ¬event)
    return { event, probability: q, birnbaum: ib, fussellVesely: exact > 0 ? (q * ib) / exact : 0, raw: exact > 0 ? given / exact : 0, rrw: without > 0 ? exact / without : Infinity };
  });
  return {
    probability: { exact, rareEvent: cutSets ? cutSets.rareEvent : null, mcub },
    coherent: graph.coherent,
    cutSetCount: cutSets ? cutSets.count : null,
    minimalCutSets,
    importance,
    events,
  };
}
