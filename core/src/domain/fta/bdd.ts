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
// the same as locals: an imported binding is read through a getter on every use in hot loops
const F = 0;
const T = 1;

const TERMINAL_LEVEL = 0x3fffffff;

/** Thrown when a store passes its node budget (`limit`): the caller tries another variable order. */
export class OverBudget extends Error {
  /** How far the work got (the caller's measure), to rank the orders for the next round. */
  progress = 0;
}

export class DiagramStore {
  /** Most nodes before `OverBudget` is thrown. */
  limit = Infinity;
  level: Int32Array;
  high: Int32Array;
  low: Int32Array;
  /** Zero-suppressed: whether the family below holds the empty set (its low edges end at 1). */
  empty: Uint8Array;
  size = 2;
  private unique: Int32Array;
  private cache: Int32Array;
  private cacheMask: number;

  /** `zero`: a zero-suppressed diagram (a node whose high edge is the empty family is its low). */
  constructor(private readonly zero = false, cacheBits = 12) {
    const capacity = 1 << 12;
    this.level = new Int32Array(capacity);
    this.high = new Int32Array(capacity);
    this.low = new Int32Array(capacity);
    this.empty = new Uint8Array(capacity);
    this.level[0] = this.level[1] = TERMINAL_LEVEL;
    this.empty[1] = 1;
    this.unique = new Int32Array(1 << 13).fill(-1);
    this.cache = new Int32Array(4 << cacheBits).fill(-1);
    this.cacheMask = (1 << cacheBits) - 1;
  }

  /** The node testing `level` with these children, made once. */
  node(level: number, high: number, low: number): number {
    if (this.zero ? high === 0 : high === low) return low;
    const table = this.unique;
    const mask = table.length - 1;
    let slot = hash3(level, high, low) & mask;
    for (;;) {
      const found = table[slot]!;
      if (found < 0) break;
      if (this.level[found] === level && this.high[found] === high && this.low[found] === low) return found;
      slot = (slot + 1) & mask;
    }
    // checked before a node is taken, so that a store stopped here stays whole and can be resumed
    if (this.size > this.limit) throw new OverBudget();
    const made = this.size++;
    if (made >= this.level.length) this.grow();
    this.level[made] = level;
    this.high[made] = high;
    this.low[made] = low;
    this.empty[made] = this.empty[low]!;
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
    const empty = new Uint8Array(capacity);
    empty.set(this.empty);
    this.empty = empty;
  }

  /** Grows the computed table to at least `entries` (a power of two is used). */
  reserveCache(entries: number): void {
    while (this.cache.length / 4 < Math.min(entries, 1 << 24)) this.growCache();
  }

  /** A direct-mapped cache that grows with the nodes (up to 2^24 entries): too small, the same work is redone over and over. */
  private growCache(): void {
    const entries = this.cache.length / 4;
    if (entries >= 1 << 24) return;
    const old = this.cache;
    this.cache = new Int32Array(old.length * 2).fill(-1);
    this.cacheMask = entries * 2 - 1;
    for (let at = 0; at < old.length; at += 4) if (old[at]! >= 0) this.remember(old[at]!, old[at + 1]!, old[at + 2]!, old[at + 3]!);
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
    if (this.size * 4 > this.cache.length / 4) this.growCache();
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
    return this.store.node(level, T, F);
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
    return this.apply(OP_XOR, f, T);
  }

  private apply(op: number, f: number, g: number): number {
    // terminal cases
    if (op === OP_AND) {
      if (f === F || g === F) return F;
      if (f === T) return g;
      if (g === T || f === g) return f;
    } else if (op === OP_OR) {
      if (f === T || g === T) return T;
      if (f === F) return g;
      if (g === F || f === g) return f;
    } else {
      if (f === g) return F;
      if (f === F) return g;
      if (g === F) return f;
    }
    // the operations are symmetric: one cache entry per pair
    if (f > g) {
      const t = f;
      f = g;
      g = t;
    }
    const s = this.store;
    const known = s.cached(op, f, g);
    if (known >= 0) return known;
    const lf = s.level[f]!;
    const lg = s.level[g]!;
    let level: number, high: number, low: number;
    if (lf === lg) {
      level = lf;
      high = this.apply(op, s.high[f]!, s.high[g]!);
      low = this.apply(op, s.low[f]!, s.low[g]!);
    } else if (lf < lg) {
      level = lf;
      high = this.apply(op, s.high[f]!, g);
      low = this.apply(op, s.low[f]!, g);
    } else {
      level = lg;
      high = this.apply(op, f, s.high[g]!);
      low = this.apply(op, f, s.low[g]!);
    }
    return s.remember(op, f, g, s.node(level, high, low));
  }

  /**
   * The probability that `f` is true, each variable true with `p[level]`, exactly (variables independent).
   * A node's children are made before it, so one pass up the node numbers has them ready.
   */
  probability(f: number, p: ArrayLike<number>): number {
    return this.below(f, p)[f]!;
  }

  /** P(node) for every node up to `f` (nodes `f` does not reach are computed too: one linear pass). */
  private below(f: number, p: ArrayLike<number>): Float64Array {
    const s = this.store;
    const value = new Float64Array(Math.max(f + 1, 2));
    value[1] = 1;
    for (let n = 2; n <= f; n++) {
      const q = p[s.level[n]!]!;
      value[n] = q * value[s.high[n]!]! + (1 - q) * value[s.low[n]!]!;
    }
    return value;
  }

  /**
   * Birnbaum's importance of every variable, ∂P(f)/∂p(v) = P(f | v) − P(f | ¬v), in one pass: the
   * probability of reaching each node from the root, times the difference its variable makes there.
   * Down the node numbers, a node's reach is complete before its children take from it.
   */
  birnbaum(f: number, p: ArrayLike<number>, variables: number): Float64Array {
    const s = this.store;
    const importance = new Float64Array(variables);
    if (f <= T) return importance;
    const value = this.below(f, p);
    const reach = new Float64Array(f + 1);
    reach[f] = 1;
    for (let n = f; n >= 2; n--) {
      const r = reach[n]!;
      if (r === 0) continue;
      const level = s.level[n]!;
      const q = p[level]!;
      const hi = s.high[n]!;
      const lo = s.low[n]!;
      importance[level]! += r * (value[hi]! - value[lo]!);
      reach[hi]! += r * q;
      reach[lo]! += r * (1 - q);
    }
    return importance;
  }
}
