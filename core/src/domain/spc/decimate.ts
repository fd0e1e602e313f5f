/**
 * Thinning a long series for drawing without losing what matters (issue 25: 100,000 points drawn
 * smoothly, every out-of-control point kept). The x range is cut into `pixelWidth` equal columns;
 * each column keeps the index of its smallest and of its largest y (the first one on ties), so the
 * drawn envelope is the same as the full series'. The first and last points and every index in
 * `keep` stay. Non-finite y values (gaps) are not drawn. A series of at most 2·pixelWidth points
 * is returned whole. Answers the kept indices ascending, with their x and y.
 */
export interface Decimated {
  readonly indices: number[];
  readonly xs: number[];
  readonly ys: number[];
}

export function decimate(xs: ArrayLike<number>, ys: ArrayLike<number>, pixelWidth: number, keep: ReadonlySet<number> = new Set()): Decimated {
  const n = Math.min(xs.length, ys.length);
  const columns = Math.max(1, Math.floor(pixelWidth));
  let indices: number[];
  if (n <= 2 * columns) indices = Array.from({ length: n }, (_, i) => i);
  else {
    const x0 = xs[0]!;
    const span = xs[n - 1]! - x0;
    const low = new Int32Array(columns).fill(-1);
    const high = new Int32Array(columns).fill(-1);
    for (let i = 0; i < n; i += 1) {
      const y = ys[i]!;
      if (!Number.isFinite(y)) continue;
      const column = span > 0 ? Math.min(columns - 1, Math.max(0, Math.floor(((xs[i]! - x0) / span) * columns))) : 0;
      if (low[column]! < 0 || y < ys[low[column]!]!) low[column] = i;
      if (high[column]! < 0 || y > ys[high[column]!]!) high[column] = i;
    }
    const chosen = new Set<number>([0, n - 1]);
    for (let c = 0; c < columns; c += 1) {
      if (low[c]! >= 0) chosen.add(low[c]!);
      if (high[c]! >= 0) chosen.add(high[c]!);
    }
    for (const i of keep) if (Number.isInteger(i) && i >= 0 && i < n) chosen.add(i);
    indices = [...chosen].sort((a, b) => a - b);
  }
  return { indices, xs: indices.map((i) => xs[i]!), ys: indices.map((i) => ys[i]!) };
}
