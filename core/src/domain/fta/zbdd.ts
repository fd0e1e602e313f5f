import { DiagramStore, type Bdd } from './bdd.ts';

// the terminals as local constants: an imported binding is read through a getter on every use in hot loops
const FALSE = 0;
const TRUE = 1;

/**
 * The minimal cut sets of a coherent fault tree as a zero-suppressed diagram (Minato 1993), made from its
 * BDD by Rauzy's `minsol` (1993): a family of sets kept as a diagram, so that millions of cut sets are
 * counted, summed and cut down without being listed. Node 0 is the empty family, node 1 the family that
 * holds only the empty set; a node's high child holds the sets with its variable (the variable left out),
 * its low child the sets without it.
 */
const OP_MINSOL = 11;
const OP_WITHOUT = 12;

export class CutSets {
  readonly store = new DiagramStore(true);

  constructor(private readonly bdd: Bdd) {
    // `without` meets far more pairs than there are nodes: a computed table sized to the BDD saves work redone
    this.store.reserveCache(bdd.store.size * 4);
  }

  /** The minimal solutions of a monotone function (its minimal cut sets). */
  minimal(f: number): number {
    if (f <= TRUE) return f;
    const s = this.store;
    const known = s.cached(OP_MINSOL, f, 0);
    if (known >= 0) return known;
    const b = this.bdd.store;
    const without = this.minimal(b.low[f]!);
    // the sets with the variable: the minimal ones of the high side that hold no set of the low side
    const withIt = this.without(this.minimal(b.high[f]!), without);
    return s.remember(OP_MINSOL, f, 0, s.node(b.level[f]!, withIt, without));
  }

  /** The sets of `p` that hold no set of `q` (Rauzy's `without`). */
  without(p: number, q: number): number {
    if (q === FALSE || p === FALSE) return p;
    if (p === q || this.holdsEmpty(q)) return FALSE;
    if (p === TRUE) return TRUE; // {∅} holds no set of a family without ∅
    const s = this.store;
    const known = s.cached(OP_WITHOUT, p, q);
    if (known >= 0) return known;
    const lp = s.level[p]!;
    const lq = s.level[q]!;
    let result: number;
    if (lp < lq) result = s.node(lp, this.without(s.high[p]!, q), this.without(s.low[p]!, q));
    else if (lp > lq) result = this.without(p, s.low[q]!); // q's sets with its variable are in none of p's
    else result = s.node(lp, this.without(this.without(s.high[p]!, s.high[q]!), s.low[q]!), this.without(s.low[p]!, s.low[q]!));
    return s.remember(OP_WITHOUT, p, q, result);
  }

  /** Whether the family holds the empty set (at the end of its low edges). */
  private holdsEmpty(z: number): boolean {
    return this.store.empty[z] === 1;
  }

  /**
   * How many sets (exact below 2^53); `weights[level]`: how many sets a variable stands for (a module's).
   * A node's children are made before it, so one pass up the node numbers has them ready.
   */
  count(z: number, weights?: ArrayLike<number>): number {
    const s = this.store;
    const value = new Float64Array(Math.max(z + 1, 2));
    value[1] = 1;
    for (let n = 2; n <= z; n++) value[n] = (weights ? weights[s.level[n]!]! : 1) * value[s.high[n]!]! + value[s.low[n]!]!;
    return value[z]!;
  }

  /** The sum of the sets' probabilities, each the product of its events': the rare-event approximation. */
  rareEvent(z: number, p: ArrayLike<number>): number {
    const s = this.store;
    const value = new Float64Array(Math.max(z + 1, 2));
    value[1] = 1;
    for (let n = 2; n <= z; n++) value[n] = p[s.level[n]!]! * value[s.high[n]!]! + value[s.low[n]!]!;
    return value[z]!;
  }

  /** The sets, each as variable levels in order, at most `limit` of them and none larger than `maxOrder`. */
  list(z: number, limit: number, maxOrder = Infinity): number[][] {
    const out: number[][] = [];
    const path: number[] = [];
    const walk = (n: number) => {
      if (out.length >= limit || n === FALSE) return;
      if (n === TRUE) {
        out.push([...path]);
        return;
      }
      if (path.length < maxOrder) {
        path.push(this.store.level[n]!);
        walk(this.store.high[n]!);
        path.pop();
      }
      walk(this.store.low[n]!);
    };
    walk(z);
    return out;
  }
}
