/**
 * Finding a sheet's header and mapping its columns, the way plants really
 * write them: any case, spacing, punctuation or line breaks inside a header
 * cell, full-width characters, and headers split over two rows (a group
 * heading such as "Current Design Controls" or "Action Results" above
 * sub-headings). The streaming reader sees no merges: a group heading merged
 * across several columns stands in its first column only, so it is carried
 * right over the sub-headings below it; a heading merged down two rows
 * stands in the upper row only.
 */

import { columnLetter, normHeader } from '../../shared/sheet-columns.ts';

export interface SheetRowText {
  row: number;
  /** 1-based columns at index 1. */
  cells: string[];
}

export interface HeaderColumn<K extends string = string> {
  key: K;
  /** Header texts that match exactly once normalised (the first is written on export). */
  headers: readonly string[];
  required?: boolean;
}

export interface HeaderOptions<K extends string> {
  /** Looser matches on the normalised text, in order, tried when no exact header matched. */
  patterns?: readonly (readonly [RegExp, K])[];
  /**
   * Rating columns that repeat in the "Action Results" block are the
   * re-rating: a column of a `map` key right of any `after` column, under a
   * `group` heading, or seen a second time takes the mapped key.
   */
  rerate?: { after: readonly K[]; group: RegExp; map: Partial<Record<K, K>> };
  /** Rows searched for the header (default 15). */
  within?: number;
  /** Cells that are never a column header (a header block's "Prepared By: …"): ignored while matching. */
  notHeader?: (text: string) => boolean;
}

export interface HeaderMatch<K extends string> {
  /** Index (into the rows given) of the first and the last header row. */
  first: number;
  last: number;
  /** Column → key. */
  keys: Map<number, K>;
  /** Column → the header as written (a group heading and its sub-heading joined by " / "). */
  headers: Map<number, string>;
}

export { columnLetter, normHeader } from '../../shared/sheet-columns.ts';

const GROUP_SPAN = 8;

function classify<K extends string>(texts: readonly string[], patterns: HeaderOptions<K>['patterns'], exact: Map<string, K>): K | undefined {
  for (const text of texts) {
    const key = text ? exact.get(text) : undefined;
    if (key) return key;
  }
  for (const text of texts) {
    for (const [re, key] of patterns ?? []) if (text && re.test(text)) return key;
  }
  return undefined;
}

interface Evaluated<K extends string> {
  keys: Map<number, K>;
  headers: Map<number, string>;
}

/** Maps one header (one row, or a group row above a sub-heading row) to keys. */
function evaluate<K extends string>(upperRow: readonly string[] | null, lowerRow: readonly string[], exact: Map<string, K>, options: HeaderOptions<K>): Evaluated<K> {
  const clean = (row: readonly string[]) => (options.notHeader ? row.map((text) => (text && options.notHeader!(text) ? '' : text)) : row);
  const upper = upperRow && clean(upperRow);
  const lower = clean(lowerRow);
  const width = Math.max(upper?.length ?? 0, lower.length);
  const filled: string[] = [];
  let span = 0;
  for (let c = 1; c < width; c++) {
    const own = upper?.[c] ?? '';
    if (own) {
      filled[c] = own;
      span = 0;
    } else if (upper && lower[c] && lower[c - 1] && filled[c - 1] && ++span < GROUP_SPAN) filled[c] = filled[c - 1]!;
    else filled[c] = '';
  }
  const candidates = new Map<number, { key: K | undefined; group: string; header: string }>();
  for (let c = 1; c < width; c++) {
    const top = filled[c] ?? '';
    const sub = lower[c] ?? '';
    if (!top && !sub) continue;
    const [nTop, nSub] = [normHeader(top), normHeader(sub)];
    // The group with its sub-heading, then the sub-heading alone (exact headers before patterns); the group alone last.
    const { patterns } = options;
    const key = top && sub ? (classify([nTop + nSub, nSub], patterns, exact) ?? classify([nTop], patterns, exact)) : classify([nTop || nSub], patterns, exact);
    candidates.set(c, { key, group: top && sub ? nTop : '', header: [top, sub].filter(Boolean).join(' / ').replace(/\s+/g, ' ').trim() });
  }
  const rerate = options.rerate;
  const after = rerate ? Math.min(...[...candidates].filter(([, v]) => v.key && rerate.after.includes(v.key)).map(([c]) => c)) : Infinity;
  const used = new Set<K>();
  const keys = new Map<number, K>();
  const headers = new Map<number, string>();
  for (const [c, { key: found, group, header }] of [...candidates].sort((a, b) => a[0] - b[0])) {
    headers.set(c, header);
    let key = found;
    const alt = key && rerate?.map[key];
    if (key && alt && (c > after || (group && rerate.group.test(group)) || used.has(key))) key = used.has(alt) ? undefined : alt;
    if (!key || used.has(key)) continue;
    used.add(key);
    keys.set(c, key);
  }
  return { keys, headers };
}

/**
 * The header row (or pair of rows) among the first rows that maps the most
 * columns; a pair is taken only when it maps more than its lower row alone.
 * Null when fewer than `min` columns map anywhere.
 */
export function matchHeader<K extends string>(rows: readonly SheetRowText[], columns: readonly HeaderColumn<K>[], options: HeaderOptions<K> = {}, min = 3): HeaderMatch<K> | null {
  const exact = new Map<string, K>();
  for (const column of columns) {
    for (const h of column.headers) if (normHeader(h) && !exact.has(normHeader(h))) exact.set(normHeader(h), column.key);
  }
  let best: (HeaderMatch<K> & { score: number }) | null = null;
  const within = Math.min(rows.length, options.within ?? 15);
  for (let i = 0; i < within; i++) {
    const single = evaluate(null, rows[i]!.cells, exact, options);
    let pick: HeaderMatch<K> & { score: number } = { first: i, last: i, ...single, score: single.keys.size };
    const next = rows[i + 1];
    if (next && next.row === rows[i]!.row + 1) {
      const pair = evaluate(rows[i]!.cells, next.cells, exact, options);
      const lowerAlone = evaluate(null, next.cells, exact, options).keys.size;
      if (pair.keys.size > Math.max(single.keys.size, lowerAlone)) pick = { first: i, last: i + 1, ...pair, score: pair.keys.size };
    }
    if (!best || pick.score > best.score) best = pick;
  }
  if (!best || best.score < min) return null;
  const { score: _score, ...match } = best;
  return match;
}

/** Required columns the header lacks, by their first header. */
export function missingColumns<K extends string>(match: HeaderMatch<K>, columns: readonly HeaderColumn<K>[]): string[] {
  const found = new Set(match.keys.values());
  return columns.filter((c) => c.required && !found.has(c.key)).map((c) => c.headers[0] ?? c.key);
}

export interface MappedRows<K extends string> {
  rows: { row: number; values: Record<K, string> }[];
  /** Columns holding data under no mapped header: column letter, header as written (may be empty), how many cells. */
  unmapped: { column: string; header: string; cells: number }[];
}

/** The data rows under the header as records; blank rows are left out, unmapped columns with data are counted. */
export function mapData<K extends string>(rows: readonly SheetRowText[], match: HeaderMatch<K>, columns: readonly HeaderColumn<K>[]): MappedRows<K> {
  const out: MappedRows<K>['rows'] = [];
  const extra = new Map<number, number>();
  for (const { row, cells } of rows.slice(match.last + 1)) {
    const values = {} as Record<K, string>;
    for (const column of columns) values[column.key] = '';
    let blank = true;
    for (let c = 1; c < cells.length; c++) {
      const text = cells[c];
      if (!text) continue;
      const key = match.keys.get(c);
      if (key === undefined) extra.set(c, (extra.get(c) ?? 0) + 1);
      else {
        values[key] = text;
        blank = false;
      }
    }
    if (!blank) out.push({ row, values });
  }
  const unmapped = [...extra].sort((a, b) => a[0] - b[0]).map(([c, cells]) => ({ column: columnLetter(c), header: match.headers.get(c) ?? '', cells }));
  return { rows: out, unmapped };
}
