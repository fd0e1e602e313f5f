import { FaultTreeError, type FaultTree } from './model.ts';

/**
 * Preprocessing of a fault tree before its BDD is built (issue 23), after the published methods (Rauzy,
 * Dutuit; SCRAM and XFTA do the same): the tree becomes a graph of AND, OR, k-of-n and XOR gates over
 * literals, where
 * - house events are constants, propagated up (AND with false is false, k-of-n with a true input is
 *   (k−1)-of-the-rest, …) until no gate has a constant input;
 * - NOT gates are gone: a literal carries its negation (`literal ^ 1`);
 * - a gate of one input is that input; k-of-n with k = 1 is an OR and with k = n an AND;
 * - an input repeated in an AND or OR counts once, and x with ¬x decides the gate;
 * - gates with the same operator and inputs are one gate (structural hashing);
 * - an AND (OR) input that is an AND (OR) used by this gate alone is merged into it (coalescing).
 * Every step keeps the Boolean function, so probability, cut sets and importance are unchanged.
 *
 * A literal is `node * 2 + negated`; nodes `0 … events.length − 1` are basic events, the rest gates
 * (`gates[node − events.length]`). Constants are `FALSE` and `TRUE` (negative).
 */
export const FALSE = -1;
export const TRUE = -2;
export type Operator = 'and' | 'or' | 'atleast' | 'xor';

export interface PGate {
  op: Operator;
  /** k of `atleast`. */
  min: number;
  inputs: number[];
}

export interface Graph {
  /** Basic events reached from the top, by node. */
  events: string[];
  probabilities: number[];
  gates: PGate[];
  /** The top event as a literal or a constant. */
  top: number;
  /** No negation and no XOR left: the function is monotone and its minimal cut sets are its meaning. */
  coherent: boolean;
}

export const negate = (literal: number) => (literal === FALSE ? TRUE : literal === TRUE ? FALSE : literal ^ 1);

export function preprocess(tree: FaultTree): Graph {
  const eventIds = new Map<string, number>();
  const events: string[] = [];
  // basic events numbered first (as a depth-first walk meets them) so that gate nodes can follow them
  const state = new Map<string, 'open' | 'done'>();
  const walk = (name: string) => {
    const gate = tree.gates.get(name);
    if (!gate) {
      if (tree.basicEvents.has(name) && !eventIds.has(name)) eventIds.set(name, events.push(name) - 1);
      return;
    }
    const at = state.get(name);
    if (at === 'done') return;
    if (at === 'open') throw new FaultTreeError('cycle', name, { name });
    state.set(name, 'open');
    for (const input of gate.inputs) walk(input);
    state.set(name, 'done');
  };
  walk(tree.top);

  const E = events.length;
  const gates: PGate[] = [];
  const hashed = new Map<string, number>();
  const make = (op: Operator, min: number, inputs: number[]): number => {
    const key = `${op}${min}:${inputs.join(',')}`;
    const known = hashed.get(key);
    if (known !== undefined) return known;
    const literal = (E + gates.push({ op, min, inputs }) - 1) * 2;
    hashed.set(key, literal);
    return literal;
  };
  const built = new Map<string, number>();
  const literal = (name: string): number => {
    const house = tree.houseEvents.get(name);
    if (house !== undefined) return house ? TRUE : FALSE;
    const event = eventIds.get(name);
    if (event !== undefined) return event * 2;
    const known = built.get(name);
    if (known !== undefined) return known;
    const gate = tree.gates.get(name)!;
    const inputs = gate.inputs.map(literal);
    const result = gate.operator === 'not' ? negate(inputs[0]!) : simplify(gate.operator, gate.min ?? 1, inputs, make);
    built.set(name, result);
    return result;
  };
  const top = literal(tree.top);
  return coalesce({ events, probabilities: events.map((e) => tree.basicEvents.get(e)!), gates, top, coherent: true });
}

/** A gate's literal with constants propagated, trivial gates removed and repeated inputs merged. */
function simplify(op: Operator, min: number, given: number[], make: (op: Operator, min: number, inputs: number[]) => number): number {
  if (op === 'xor') {
    let parity = 0;
    const odd = new Set<number>();
    for (const l of given) {
      if (l === TRUE) parity ^= 1;
      else if (l !== FALSE) {
        // x ⊕ x = 0, x ⊕ ¬x = 1
        if (odd.delete(l)) continue;
        if (odd.delete(l ^ 1)) parity ^= 1;
        else odd.add(l);
      }
    }
    const inputs = [...odd].sort((a, b) => a - b);
    const result = inputs.length === 0 ? FALSE : inputs.length === 1 ? inputs[0]! : make('xor', 1, inputs);
    return parity ? negate(result) : result;
  }
  if (op === 'atleast') {
    let k = min;
    const inputs: number[] = [];
    for (const l of given) {
      if (l === TRUE) k--;
      else if (l !== FALSE) inputs.push(l);
    }
    if (k <= 0) return TRUE;
    if (k > inputs.length) return FALSE;
    if (k === 1) op = 'or';
    else if (k === inputs.length) op = 'and';
    else return make('atleast', k, inputs);
    given = inputs;
  }
  // AND, OR: the absorbing constant decides, the neutral one drops out
  const absorbing = op === 'and' ? FALSE : TRUE;
  const inputs = new Set<number>();
  for (const l of given) {
    if (l === absorbing) return absorbing;
    if (l < 0) continue;
    if (inputs.has(l ^ 1)) return absorbing; // x AND ¬x, x OR ¬x
    inputs.add(l);
  }
  if (inputs.size === 0) return negate(absorbing);
  if (inputs.size === 1) return [...inputs][0]!;
  return make(op, 1, [...inputs].sort((a, b) => a - b));
}

/**
 * Merges into each AND (OR) its AND (OR) inputs that no other gate uses, keeps only the gates the top
 * reaches (numbered again, in depth-first order) and says whether the function is coherent.
 */
function coalesce(graph: Graph): Graph {
  const { events, gates, top } = graph;
  const E = events.length;
  if (top < 0 || top >> 1 < E) return { ...graph, gates: [], coherent: top < 0 || (top & 1) === 0 };
  const parents = new Int32Array(gates.length);
  const counted = new Uint8Array(gates.length);
  const count = (g: number) => {
    if (counted[g]) return;
    counted[g] = 1;
    for (const l of gates[g]!.inputs) if (l >> 1 >= E) parents[(l >> 1) - E]!++, count((l >> 1) - E);
  };
  count((top >> 1) - E);
  const merged = new Uint8Array(gates.length);
  const flatten = (g: number) => {
    if (merged[g]) return;
    merged[g] = 1;
    const gate = gates[g]!;
    for (const l of gate.inputs) if (l >> 1 >= E) flatten((l >> 1) - E);
    if (gate.op !== 'and' && gate.op !== 'or') return;
    const inputs: number[] = [];
    for (const l of gate.inputs) {
      const child = (l >> 1) - E;
      if (child >= 0 && (l & 1) === 0 && parents[child] === 1 && gates[child]!.op === gate.op) inputs.push(...gates[child]!.inputs);
      else inputs.push(l);
    }
    gate.inputs = [...new Set(inputs)];
  };
  flatten((top >> 1) - E);
  // renumber the gates the top still reaches, parents before children
  const order = new Int32Array(gates.length).fill(-1);
  const kept: PGate[] = [];
  let coherent = (top & 1) === 0;
  const keep = (g: number) => {
    if (order[g]! >= 0) return;
    order[g] = kept.length;
    const gate = gates[g]!;
    kept.push(gate);
    if (gate.op === 'xor') coherent = false;
    for (const l of gate.inputs) {
      if (l & 1) coherent = false;
      if (l >> 1 >= E) keep((l >> 1) - E);
    }
  };
  keep((top >> 1) - E);
  const renumber = (l: number) => (l >> 1 < E ? l : ((E + order[(l >> 1) - E]!) << 1) | (l & 1));
  for (const gate of kept) gate.inputs = gate.inputs.map(renumber);
  return { ...graph, gates: kept, top: renumber(top), coherent };
}
