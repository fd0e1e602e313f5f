/**
 * Reduced ordered binary decision diagrams (Bryant 1986) for the FTA engine (issue 23): nodes in typed
 * arrays, a unique table so that equal functions are one node, and a computed table (lossy, direct-mapped)
 * so that each operation on a pair of nodes is done once. Node 0 is false, node 1 is true; a node tests
 * its variable and goes to `high` when it is true. Variables are numbered in their order, 0 first.
 *
 * The same store serves zero-suppressed diagrams (Minato 1993), the families of minimal cut sets
 * (zbdd.ts): only the reduction rule differs (`zero: true`).
 */
export const FALSE = 0;
export const TRUE = 1;

const TERMINAL_LEVEL = 0x3fffffff;

export class DiagramStore {
  level: Int32Array;
  high: Int32Array;
  low: Int32Array;
  size = 2;
  private unique: Int32Array;
  private cache: Int32Array;
  private readonly cacheMask: number;

  /** `zero`: a zero-suppressed diagram (a node whose high edge is the empty family is its low). */
  constructor(private readonly zero = false, cacheBits = 20) {
    const capacity = 1 << 12;
    this.level = new Int32Array(capacity);
    this.high = new Int32Array(capacity);
    this.low = new Int32Array(capacity);
    this.level[0] = this.level[1] = TERMINAL_LEVEL;
    this.unique = new Int32Array(1 << 13).fill(-1);
    this.cache = new Int32Array(4 << cacheBits).fill(-1);
    this.cacheMask = (1 << cacheBits) - 1;
  }

  /** The node testing `level` with these children, made once. */
  node(level: number, high: number, low: number): number {
    if (this.zero ? high === FALSE : high === low) return low;
    const table = this.unique;
    const mask = table.length - 1;
    let slot = hash3(level, high, low) & mask;
    for (;;) {
      const found = table[slot]!;
      if (found < 0) break;
      if (this.level[found] === level && this.high[found] === high && this.low[found] === low) return found;
      slot = (slot + 1) & mask;
    }
    const made = this.size++;
    if (made >= this.level.length) this.grow();
    this.level[made] = level;
    this.high[made] = high;
    this.low[made] = low;
    table[slot] = made;
    if (this.size * 2 > table.length) this.rehash();
    return made;
  }

  /** What `op` answered for (a, b) before, or -1. */
  cached(op: number, a: number, b: number): number {
    const at = (hash3(op, a, b) & this.cacheMask) * 4;
    const c = this.cache;
    return c[at] === op && c[at + 1] === a && c[at + 2] === b ? c[at + 3]! : -1;
  }

  remember(op: number, a: number, b: number, result: number): number {
    const at = (hash3(op, a, b) & this.cacheMask) * 4;
    const c = this.cache;
    c[at] = op;
    c[at + 1] = a;
    c[at + 2] = b;
    c[at + 3] = result;
    return result;
  }

  private grow(): void {
    const capacity = this.level.length * 2;
    for (const key of ['level', 'high', 'low'] as const) {
      const next = new Int32Array(capacity);
      next.set(this[key]);
      this[key] = next;
    }
  }

  private rehash(): void {
    const table = new Int32Array(this.unique.length * 2).fill(-1);
    const mask = table.length - 1;
    for (let n = 2; n < this.size; n++) {
      let slot = hash3(this.level[n]!, this.high[n]!, this.low[n]!) & mask;
      while (table[slot]! >= 0) slot = (slot + 1) & mask;
      table[slot] = n;
    }
    this.unique = table;
  }
}

function hash3(a: number, b: number, c: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca77) ^ Math.imul(c, 0xc2b2ae3d);
  h ^= h >>> 15;
  return Math.imul(h, 0x2c1b3c6d) >>> 0;
}

const OP_AND = 1;
const OP_OR = 2;
const OP_XOR = 3;

/** Boolean operations on a store of BDD nodes. */
export class Bdd {
  readonly store = new DiagramStore();

  variable(level: number): number {
    return this.store.node(level, TRUE, FALSE);
  }

  and(f: number, g: number): number {
    return this.apply(OP_AND, f, g);
  }

  or(f: number, g: number): number {
    return this.apply(OP_OR, f, g);
  }

  xor(f: number, g: number): number {
    return this.apply(OP_XOR, f, g);
  }

  not(f: number): number {
    return this.apply(OP_XOR, f, TRUE);
  }

  private apply(op: number, f: number, g: number): number {
    // terminal cases
    if (op === OP_AND) {
      if (f === FALSE || g === FALSE) return FALSE;
      if (f === TRUE) return g;
      if (g === TRUE || f === g) return f;
    } else if (op === OP_OR) {
      if (f === TRUE || g === TRUE) return TRUE;
      if (f === FALSE) return g;
      if (g === FALSE || f === g) return f;
    } else {
      if (f === g) return FALSE;
      if (f === FALSE) return g;
      if (g === FALSE) return f;
    }
    // the operations are symmetric: one cache entry per pair
    if (f > g) [f, g] = [g, f];
    const s = this.store;
    const known = s.cached(op, f, g);
    if (known >= 0) return known;
    const lf = s.level[f]!;
    const lg = s.level[g]!;
    const level = lf < lg ? lf : lg;
    const [f1, f0] = lf === level ? [s.high[f]!, s.low[f]!] : [f, f];
    const [g1, g0] = lg === level ? [s.high[g]!, s.low[g]!] : [g, g];
    const high = this.apply(op, f1, g1);
    const low = this.apply(op, f0, g0);
    return s.remember(op, f, g, s.node(level, high, low));
  }

  /** The probability that `f` is true, each variable true with `p[level]`, exactly (variables independent). */
  probability(f: number, p: ArrayLike<number>): number {
    const s = this.store;
    const memo = new Map<number, number>();
    const visit = (n: number): number => {
      if (n <= TRUE) return n;
      const known = memo.get(n);
      if (known !== undefined) return known;
      const q = p[s.level[n]!]!;
      const value = q * visit(s.high[n]!) + (1 - q) * visit(s.low[n]!);
      memo.set(n, value);
      return value;
    };
    return visit(f);
  }

  /**
   * Birnbaum's importance of every variable, ∂P(f)/∂p(v) = P(f | v) − P(f | ¬v), in one pass: the
   * probability of reaching each node from the root, times the difference its variable makes there.
   */
  birnbaum(f: number, p: ArrayLike<number>, variables: number): Float64Array {
    const s = this.store;
    const below = new Map<number, number>();
    const value = (n: number): number => {
      if (n <= TRUE) return n;
      const known = below.get(n);
      if (known !== undefined) return known;
      const q = p[s.level[n]!]!;
      const v = q * value(s.high[n]!) + (1 - q) * value(s.low[n]!);
      below.set(n, v);
      return v;
    };
    value(f);
    // the nodes by level, so a node's reach is complete before its children take from it
    const nodes = [...below.keys()].sort((a, b) => s.level[a]! - s.level[b]!);
    const reach = new Map<number, number>([[f, 1]]);
    const importance = new Float64Array(variables);
    for (const n of nodes) {
      const r = reach.get(n) ?? 0;
      const level = s.level[n]!;
      const q = p[level]!;
      const [hi, lo] = [s.high[n]!, s.low[n]!];
      importance[level]! += r * ((hi <= TRUE ? hi : below.get(hi)!) - (lo <= TRUE ? lo : below.get(lo)!));
      if (hi > TRUE) reach.set(hi, (reach.get(hi) ?? 0) + r * q);
      if (lo > TRUE) reach.set(lo, (reach.get(lo) ?? 0) + r * (1 - q));
    }
    return importance;
  }
}
