import type { Graph } from './preprocess.ts';

/**
 * Modules of a preprocessed fault tree (Dutuit & Rauzy 1996, "A linear-time algorithm to find modules of
 * fault trees"): a gate is a module when nothing outside it uses any of its descendants, so that its
 * function shares no variable with the rest of the tree and can be solved on its own, then stand in its
 * parent as one variable with its probability.
 *
 * One depth-first walk from the top dates every visit of a node; a gate is a module when all its
 * descendants' first and last visits fall strictly between its own first visit and the end of its walk.
 *
 * Then, inside an AND or OR, inputs that share nothing with the other inputs are grouped into a new gate of
 * the same operator, which is a module too: the inputs that are modules or events used once (any gate),
 * and, in a module, groups of inputs whose visit intervals overlap (inputs that share a descendant have
 * overlapping intervals, so different groups share nothing). This leaves fewer variables in each BDD.
 */
export function findModules(graph: Graph): Uint8Array {
  const { events, gates } = graph;
  const E = events.length;
  const N = E + gates.length;
  const enter = new Int32Array(N);
  const exit = new Int32Array(N);
  const last = new Int32Array(N);
  let time = 0;
  const visit = (node: number) => {
    if (enter[node]) {
      last[node] = ++time;
      return;
    }
    enter[node] = ++time;
    if (node >= E) for (const l of gates[node - E]!.inputs) visit(l >> 1);
    exit[node] = node >= E ? ++time : enter[node]!;
    last[node] = exit[node]!;
  };
  if (graph.top < 0 || graph.top >> 1 < E) return new Uint8Array(0);
  visit(graph.top >> 1);

  // lo, hi: the earliest and latest visit of any descendant
  const lo = new Int32Array(gates.length);
  const hi = new Int32Array(gates.length);
  const module = new Uint8Array(gates.length);
  for (let g = gates.length - 1; g >= 0; g--) {
    // gates are numbered parents first (preprocess), so children are done before their parents here
    let min = Infinity;
    let max = 0;
    for (const l of gates[g]!.inputs) {
      const c = l >> 1;
      min = Math.min(min, enter[c]!, c >= E ? lo[c - E]! : Infinity);
      max = Math.max(max, last[c]!, c >= E ? hi[c - E]! : 0);
    }
    lo[g] = min;
    hi[g] = max;
    module[g] = min > enter[E + g]! && max < exit[E + g]! ? 1 : 0;
  }
  module[0] = 1;

  const flags = [...module];
  const interval = (c: number): [number, number] => (c < E ? [enter[c]!, last[c]!] : [Math.min(enter[c]!, lo[c - E]!), Math.max(last[c]!, hi[c - E]!)]);
  const independent = (c: number) => (c < E ? enter[c] === last[c] : module[c - E] === 1 && last[c] === exit[c]);
  const group = (op: 'and' | 'or', inputs: number[]): number => {
    gates.push({ op, min: 1, inputs });
    flags.push(1);
    return (E + gates.length - 1) * 2;
  };
  const count = gates.length;
  for (let g = 0; g < count; g++) {
    const gate = gates[g]!;
    if ((gate.op !== 'and' && gate.op !== 'or') || gate.inputs.length < 3) continue;
    const alone = gate.inputs.filter((l) => independent(l >> 1));
    const rest = gate.inputs.filter((l) => !independent(l >> 1));
    const groups: number[][] = [];
    if (module[g]) {
      // inputs whose intervals overlap share a descendant, or may: one group
      const spans = rest.map((l) => ({ l, span: interval(l >> 1) })).sort((a, b) => a.span[0] - b.span[0]);
      let end = -1;
      for (const { l, span } of spans) {
        if (span[0] > end) groups.push([]);
        groups[groups.length - 1]!.push(l);
        end = Math.max(end, span[1]);
      }
    } else if (rest.length > 0) groups.push(rest);
    if (groups.length + (alone.length > 0 ? 1 : 0) < 2) continue;
    // each new gate takes the place of its first input, so the variable order moves little
    const replaced = new Map<number, number>();
    const dropped = new Set<number>();
    const join = (members: number[]) => {
      replaced.set(members[0]!, group(gate.op as 'and' | 'or', members));
      for (const l of members.slice(1)) dropped.add(l);
    };
    if (alone.length >= 2) join(alone);
    if (module[g]) for (const members of groups) if (members.length >= 2) join([...members].sort((a, b) => gate.inputs.indexOf(a) - gate.inputs.indexOf(b)));
    const inputs = gate.inputs.filter((l) => !dropped.has(l)).map((l) => replaced.get(l) ?? l);
    gate.inputs = inputs;
  }
  return Uint8Array.from(flags);
}
