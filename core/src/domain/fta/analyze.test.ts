import { describe, expect, it } from 'vitest';
import { analyzeTree } from './analyze.ts';
import { OverBudget } from './bdd.ts';
import type { FaultTree, Gate, GateOperator } from './model.ts';
import { factorCommonInputs } from './factor.ts';
import { solve } from './modular.ts';
import { findModules } from './modules.ts';
import { preprocess } from './preprocess.ts';

/**
 * The engine against brute force: random small trees (shared events, k-of-n, NOT, XOR, house events),
 * every state of their basic events enumerated for the exact probability and, for coherent trees, the
 * minimal cut sets found by checking every subset.
 */
function random(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function randomTree(seed: number, coherent: boolean): FaultTree {
  const next = random(seed);
  const events = Array.from({ length: 3 + Math.floor(next() * 8) }, (_, i) => `e${i}`);
  const gates = new Map<string, Gate>();
  const operators: GateOperator[] = coherent ? ['and', 'or', 'atleast'] : ['and', 'or', 'atleast', 'not', 'xor'];
  const count = 2 + Math.floor(next() * 6);
  // gate i takes inputs among the events and the gates after it (no cycles); events repeat across gates
  for (let i = count - 1; i >= 0; i--) {
    const operator = operators[Math.floor(next() * operators.length)]!;
    const pool = [...events, 'h0', ...[...gates.keys()]];
    const size = operator === 'not' ? 1 : 2 + Math.floor(next() * 3);
    const inputs = Array.from({ length: size }, () => pool[Math.floor(next() * pool.length)]!);
    const gate: Gate = { operator, inputs: [...new Set(inputs)] };
    if (gate.inputs.length < 2 && operator !== 'not') gate.inputs.push(events[0] === gate.inputs[0] ? events[1]! : events[0]!);
    if (operator === 'atleast') gate.min = 1 + Math.floor(next() * gate.inputs.length);
    gates.set(`g${i}`, gate);
  }
  // every gate reachable from the top: the top is an OR of the others it does not reach
  gates.set('top', { operator: 'or', inputs: ['g0', ...[...gates.keys()].filter((g) => g !== 'g0').slice(0, 1)] });
  return {
    name: `random-${seed}`,
    top: 'top',
    gates,
    basicEvents: new Map(events.map((e) => [e, Math.round(next() * 1000) / 1000])),
    houseEvents: new Map([['h0', next() < 0.5]]),
  };
}

function evaluate(tree: FaultTree, state: ReadonlyMap<string, boolean>, name = tree.top): boolean {
  const gate = tree.gates.get(name);
  if (!gate) return tree.houseEvents.get(name) ?? state.get(name)!;
  const values = gate.inputs.map((input) => evaluate(tree, state, input));
  const on = values.filter(Boolean).length;
  switch (gate.operator) {
    case 'and':
      return on === values.length;
    case 'or':
      return on > 0;
    case 'atleast':
      return on >= gate.min!;
    case 'not':
      return !values[0];
    case 'xor':
      return on % 2 === 1;
  }
}

function bruteForce(tree: FaultTree) {
  const events = [...tree.basicEvents.keys()];
  let probability = 0;
  const failing: string[][] = [];
  for (let mask = 0; mask < 1 << events.length; mask++) {
    const state = new Map(events.map((e, i) => [e, (mask & (1 << i)) !== 0]));
    const weight = events.reduce((w, e, i) => w * (mask & (1 << i) ? tree.basicEvents.get(e)! : 1 - tree.basicEvents.get(e)!), 1);
    if (evaluate(tree, state)) {
      probability += weight;
      failing.push(events.filter((_, i) => mask & (1 << i)));
    }
  }
  const minimal = failing.filter((set) => !failing.some((other) => other.length < set.length && other.every((e) => set.includes(e))));
  return { probability, minimal: minimal.map((set) => set.sort()).map((set) => set.join(',')).sort() };
}

/**
 * Trees built as nested modules (each gate over private events and sub-gates), with a few events shared
 * across modules and now and then a sub-gate used by two parents, so that the engine's modules nest,
 * some gates stop being modules and a module's probability, cut sets and importance pass through others.
 */
function nestedTree(seed: number, coherent: boolean): FaultTree {
  const next = random(seed);
  const gates = new Map<string, Gate>();
  const basicEvents = new Map<string, number>();
  const operators: GateOperator[] = coherent ? ['and', 'or', 'atleast'] : ['and', 'or', 'atleast', 'xor', 'not'];
  const fresh = () => {
    const name = `e${basicEvents.size}`;
    basicEvents.set(name, Math.round(next() * 1000) / 1000);
    return name;
  };
  const shared = [fresh(), fresh()];
  const done: string[] = [];
  const build = (depth: number): string => {
    const name = `g${gates.size}`;
    gates.set(name, { operator: 'or', inputs: [] });
    const inputs = [fresh()];
    if (next() < 0.5) inputs.push(fresh());
    const children = depth < 3 ? 1 + Math.floor(next() * 2.5) : 0;
    for (let i = 0; i < children && basicEvents.size < 9; i++) inputs.push(build(depth + 1));
    // a shared event breaks modularity above it; a sub-gate used twice is a module with two parents
    if (next() < 0.3) inputs.push(shared[Math.floor(next() * 2)]!);
    if (depth > 0 && next() < 0.2 && done.length > 0) inputs.push(done[done.length - 1]!);
    const unique = [...new Set(inputs)].filter((input) => input !== name);
    if (unique.length < 2) unique.push(fresh());
    let operator = operators[Math.floor(next() * operators.length)]!;
    if (operator === 'not') {
      gates.set(name, { operator: 'and', inputs: unique });
      const negated = `${name}n`;
      gates.set(negated, { operator: 'not', inputs: [name] });
      done.push(negated);
      return negated;
    }
    if (operator === 'atleast' && unique.length < 3) operator = 'and';
    gates.set(name, { operator, inputs: unique, ...(operator === 'atleast' ? { min: 2 } : {}) });
    done.push(name);
    return name;
  };
  const top = build(0);
  // an OR over the tree and the shared events keeps every event in the tree
  gates.set('top', { operator: 'or', inputs: [top, ...shared.filter((e) => next() < 0.3)] });
  return { name: `nested-${seed}`, top: 'top', gates, basicEvents, houseEvents: new Map() };
}

/** An OR of ANDs and an AND of ORs over few events (some negated), so that terms share inputs: what factoring rewrites. */
function sumOfProducts(seed: number, coherent: boolean): FaultTree {
  const next = random(seed);
  const events = Array.from({ length: 4 + Math.floor(next() * 4) }, (_, i) => `e${i}`);
  const gates = new Map<string, Gate>();
  const pick = () => {
    const e = events[Math.floor(next() * events.length)]!;
    if (coherent || next() < 0.7) return e;
    if (!gates.has(`n${e}`)) gates.set(`n${e}`, { operator: 'not', inputs: [e] });
    return `n${e}`;
  };
  const terms = (outer: 'and' | 'or', prefix: string) =>
    Array.from({ length: 2 + Math.floor(next() * 4) }, (_, i) => {
      const name = `${prefix}${i}`;
      gates.set(name, { operator: outer === 'or' ? 'and' : 'or', inputs: [...new Set([pick(), pick(), ...(next() < 0.5 ? [pick()] : [])])] });
      if (gates.get(name)!.inputs.length < 2) gates.get(name)!.inputs.push(events.find((e) => !gates.get(name)!.inputs.includes(e))!);
      return name;
    });
  gates.set('sum', { operator: 'or', inputs: terms('or', 'p') });
  gates.set('product', { operator: 'and', inputs: terms('and', 's') });
  gates.set('top', { operator: 'or', inputs: ['sum', 'product'] });
  return { name: `sop-${seed}`, top: 'top', gates, basicEvents: new Map(events.map((e) => [e, Math.round(next() * 1000) / 1000])), houseEvents: new Map() };
}

describe('the FTA engine against brute force', () => {
  it('gives the exact probability of random trees with shared events, k-of-n, NOT, XOR and house events', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const tree = randomTree(seed, seed % 2 === 0);
      expect(analyzeTree(tree).probability.exact, tree.name).toBeCloseTo(bruteForce(tree).probability, 12);
    }
  });

  it('finds exactly the minimal cut sets of random coherent trees', () => {
    for (let seed = 1; seed <= 150; seed++) {
      const tree = randomTree(seed, true);
      const result = analyzeTree(tree);
      const expected = bruteForce(tree).minimal;
      expect(result.cutSetCount, tree.name).toBe(expected.length);
      const onlyInTree = (set: string[]) => set.filter((e) => tree.basicEvents.has(e));
      expect(result.minimalCutSets.map((set) => onlyInTree(set).sort().join(',')).sort(), tree.name).toEqual(expected);
    }
  });

  it('counts a shared event once: A AND (A OR B) is A', () => {
    const tree: FaultTree = {
      name: 'shared',
      top: 'top',
      gates: new Map<string, Gate>([
        ['top', { operator: 'and', inputs: ['a', 'g'] }],
        ['g', { operator: 'or', inputs: ['a', 'b'] }],
      ]),
      basicEvents: new Map([
        ['a', 0.1],
        ['b', 0.2],
      ]),
      houseEvents: new Map(),
    };
    const result = analyzeTree(tree);
    // multiplying the gates' outputs would say 0.1 × 0.28
    expect(result.probability.exact).toBeCloseTo(0.1, 15);
    expect(result.minimalCutSets).toEqual([['a']]);
    expect(result.probability.rareEvent).toBeCloseTo(0.1, 15);
    expect(result.probability.mcub).toBeCloseTo(0.1, 15);
    const a = result.importance.find((i) => i.event === 'a')!;
    // P(top | a) − P(top | ¬a) = 1 − 0; b makes no difference
    expect(a).toMatchObject({ birnbaum: 1, fussellVesely: 1 });
    expect(result.importance.find((i) => i.event === 'b')!.birnbaum).toBe(0);
  });

  it('answers Birnbaum’s importance as the difference of the conditional probabilities', () => {
    for (let seed = 200; seed < 230; seed++) {
      const tree = randomTree(seed, seed % 2 === 0);
      const result = analyzeTree(tree);
      for (const { event, birnbaum, raw, rrw } of result.importance) {
        const given = (value: number) => bruteForce({ ...tree, basicEvents: new Map([...tree.basicEvents, [event, value]]) }).probability;
        expect(birnbaum, `${tree.name} ${event}`).toBeCloseTo(given(1) - given(0), 10);
        if (result.probability.exact > 1e-12) expect(raw).toBeCloseTo(given(1) / result.probability.exact, 8);
        if (given(0) > 1e-12) expect(rrw).toBeCloseTo(result.probability.exact / given(0), 8);
      }
    }
  });

  it('is exact through nested modules with events shared across them: probability, cut sets, importance', () => {
    let modules = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const coherent = seed % 3 !== 0;
      const tree = nestedTree(seed, coherent);
      modules += findModules(preprocess(tree)).reduce((sum, flag) => sum + flag, 0);
      const result = analyzeTree(tree);
      const expected = bruteForce(tree);
      expect(result.probability.exact, tree.name).toBeCloseTo(expected.probability, 12);
      if (coherent) {
        expect(result.cutSetCount, tree.name).toBe(expected.minimal.length);
        expect(result.minimalCutSets.map((set) => [...set].sort().join(',')).sort(), tree.name).toEqual(expected.minimal);
        // the sum over the listed sets, each set's events multiplied, through the modules' sums
        const rare = result.minimalCutSets.reduce((sum, set) => sum + set.reduce((q, e) => q * tree.basicEvents.get(e)!, 1), 0);
        expect(result.probability.rareEvent, tree.name).toBeCloseTo(rare, 12);
      }
      // Birnbaum through the modules (chain rule) against conditional probabilities, on every fourth tree
      if (seed % 4 === 0)
        for (const { event, birnbaum } of result.importance) {
        const given = (value: number) => bruteForce({ ...tree, basicEvents: new Map([...tree.basicEvents, [event, value]]) }).probability;
        expect(birnbaum, `${tree.name} ${event}`).toBeCloseTo(given(1) - given(0), 10);
      }
    }
    // the trees do exercise modules: several a tree on average, beyond the top
    expect(modules / 80).toBeGreaterThan(3);
  });

  it('lists the smallest cut sets first through modules when there are more than the limit', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const tree = nestedTree(seed, true);
      const all = bruteForce(tree).minimal.map((set) => set.split(','));
      const limit = Math.max(1, Math.floor(all.length / 2));
      const result = analyzeTree(tree, { listLimit: limit });
      expect(result.cutSetCount, tree.name).toBe(all.length);
      expect(result.minimalCutSets.length, tree.name).toBeLessThanOrEqual(limit);
      const keys = new Set(all.map((set) => set.join(',')));
      for (const set of result.minimalCutSets) expect(keys.has([...set].sort().join(',')), tree.name).toBe(true);
      // no set left out is smaller than the largest listed, unless the limit was reached within that order
      const largest = Math.max(0, ...result.minimalCutSets.map((set) => set.length));
      const smaller = all.filter((set) => set.length < largest).length;
      expect(result.minimalCutSets.filter((set) => set.length < largest).length, tree.name).toBe(smaller);
      // an order limit: only sets that small, every one of them up to the limit
      const small = analyzeTree(tree, { listLimit: 1000, maxOrder: 2 });
      expect(small.minimalCutSets.map((set) => [...set].sort().join(',')).sort(), tree.name).toEqual(all.filter((set) => set.length <= 2).map((set) => set.join(',')).sort());
    }
  });

  it('is exact when every order runs out of its budget and is resumed under the next one', () => {
    // budgets of a few nodes stop every order's BDD (and ZBDD) part-way, round after round
    for (let seed = 1; seed <= 80; seed++) {
      const coherent = seed % 2 === 0;
      const tree = seed % 4 < 2 ? nestedTree(seed, coherent) : randomTree(seed, coherent);
      const graph = preprocess(tree);
      const resumed = solve(graph, graph.coherent, [3, 5, 9]);
      const expected = bruteForce(tree);
      expect(resumed.probability, tree.name).toBeCloseTo(expected.probability, 12);
      expect(Array.from(resumed.birnbaum), tree.name).toEqual(Array.from(solve(graph, false).birnbaum).map((b) => expect.closeTo(b, 12)));
      if (graph.coherent) {
        expect(resumed.cutSets!.count, tree.name).toBe(expected.minimal.length);
        expect(resumed.cutSets!.list(1000, 1000).map((set) => set.map((e) => graph.events[e]!).sort().join(',')).sort(), tree.name).toEqual(expected.minimal);
      }
    }
  });

  it('keeps the function when common inputs are factored out of ANDs under an OR and ORs under an AND', () => {
    // (c ∧ a) ∨ (c ∧ b) ∨ (b ∧ d), and its dual under an AND beside it, over shared events
    const tree: FaultTree = {
      name: 'factor',
      top: 'top',
      gates: new Map<string, Gate>([
        ['top', { operator: 'or', inputs: ['t1', 't2', 't3', 'dual'] }],
        ['t1', { operator: 'and', inputs: ['c', 'a'] }],
        ['t2', { operator: 'and', inputs: ['c', 'b', 'e'] }],
        ['t3', { operator: 'and', inputs: ['b', 'd'] }],
        ['dual', { operator: 'and', inputs: ['u1', 'u2', 'nd'] }],
        ['u1', { operator: 'or', inputs: ['a', 'e'] }],
        ['u2', { operator: 'or', inputs: ['e', 'd'] }],
        ['nd', { operator: 'not', inputs: ['d'] }],
      ]),
      basicEvents: new Map([['a', 0.1], ['b', 0.2], ['c', 0.3], ['d', 0.4], ['e', 0.5]]),
      houseEvents: new Map(),
    };
    const graph = preprocess(tree);
    const factored = factorCommonInputs(graph);
    expect(factored).not.toBe(graph);
    // bounded rounds only: past them the caller (analyzeTree) goes on with the factored graph
    expect(() => solve(graph, false, [2], true)).toThrow(OverBudget);
    expect(solve(factored, false).probability).toBeCloseTo(bruteForce(tree).probability, 14);
    // random trees: the factored graph against brute force, and the rewrite does happen in many of them
    let rewritten = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const coherent = seed % 2 === 0;
      const random = seed % 3 === 0 ? nestedTree(seed, coherent) : seed % 3 === 1 ? randomTree(seed, coherent) : sumOfProducts(seed, coherent);
      const before = preprocess(random);
      const after = factorCommonInputs(before);
      if (after !== before) rewritten++;
      const expected = bruteForce(random);
      const solved = solve(after, after.coherent);
      expect(solved.probability, random.name).toBeCloseTo(expected.probability, 12);
      expect(Array.from(solved.birnbaum), random.name).toEqual(Array.from(solve(before, false).birnbaum).map((b) => expect.closeTo(b, 12)));
      if (after.coherent) expect(solved.cutSets!.list(1000, 1000).map((set) => set.map((e) => after.events[e]!).sort().join(',')).sort(), random.name).toEqual(expected.minimal);
    }
    expect(rewritten).toBeGreaterThan(50);
  });
});
