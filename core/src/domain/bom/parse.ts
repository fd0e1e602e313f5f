import type { Issue, MessageParams } from '../../errors.ts';
import type { BomColumnKey } from './columns.ts';
import type { BomMessageKey } from './messages.ts';
import { checkBomPartValues } from './part.ts';

/** A row of a BOM sheet as read: its sheet row and the text of each column (blank when absent). */
export interface BomSheetRow {
  readonly row: number;
  readonly values: Readonly<Record<BomColumnKey, string>>;
}

/** A part of a BOM tree. `key` names it within the tree (a sheet row's `r<row>`, or a stored part's id). */
export interface BomPart {
  readonly key: string;
  /** The parent's key; null directly under the product. */
  readonly parentKey: string | null;
  readonly partNum: string;
  readonly partName: string;
  readonly enPartName: string | null;
  readonly quantity: number;
  readonly unit: string | null;
  /** 1 under the product. */
  readonly level: number;
  /** Order among its siblings, from 1. */
  readonly sort: number;
  /** The sheet row it came from, for messages. */
  readonly row?: number;
}

export type BomLayout = 'level' | 'parent';

export interface BomRead {
  /** `level`: the level column places each row under the nearest earlier row one level up; `parent`: the parent part number names it. */
  readonly layout: BomLayout;
  /** The good rows, parents before children. */
  readonly parts: BomPart[];
  /** One issue per problem, each with its sheet row; a row with any issue is left out of `parts`, and so are the rows below it. */
  readonly issues: Issue[];
}

const issue = (messageKey: BomMessageKey, row: number, field: string, params: MessageParams = {}): Issue => ({ messageKey, row, field, params: { field, ...params } });

const LEVEL = /^\d{1,2}$/;

/** The issues of one row's own values (parent and level aside): the part rules, placed on the row. */
const valueIssues = (r: BomSheetRow): Issue[] => checkBomPartValues(r.values).map((i) => ({ ...i, row: r.row }));

const partOf = (r: BomSheetRow, parentKey: string | null, level: number): Omit<BomPart, 'sort'> => ({
  key: `r${r.row}`,
  parentKey,
  partNum: r.values.partNum.trim(),
  partName: r.values.partName.trim(),
  enPartName: r.values.enPartName.trim() || null,
  quantity: Number(r.values.quantity.trim()),
  unit: r.values.unit.trim() || null,
  level,
  row: r.row,
});

/**
 * Reads a BOM sheet's rows into a tree (spec 001 §3, §5). The layout is the
 * level column's when any row fills it, else the parent part number's; a
 * sheet with neither is refused as a whole (`bom.level_or_parent_missing`).
 *
 * - level: the first row is level 1, a row goes one level deeper at most
 *   (`bom.level_jump`); its parent is the nearest earlier row one level up.
 *   A parent number given too must name that row (`bom.parent_mismatch`).
 * - parent: a blank parent is a part under the product; otherwise an earlier
 *   row with that part number (`bom.parent_missing`), exactly one
 *   (`bom.parent_ambiguous`: part numbers that are parents must not repeat),
 *   never the row itself (`bom.parent_self`).
 * - a part number once under the same parent (`bom.sub_part_exists`), part
 *   number and name required, texts within their limits, quantity a number
 *   above 0.
 *
 * A row below a wrong row is wrong too (`bom.parent_row_invalid`), so the good
 * rows alone always form a tree.
 */
export function readBomRows(rows: readonly BomSheetRow[]): BomRead {
  const reader = new BomRowReader(rows);
  for (const r of rows) reader.add(r);
  return reader.result();
}

interface SeenRow {
  readonly r: BomSheetRow;
  readonly level: number;
  readonly good: boolean;
}

const numKey = (partNum: string) => partNum.trim().toLowerCase();

/**
 * readBomRows a row at a time, so that a service can let other work run
 * between chunks of a large sheet. Every lookup is by index (the nearest
 * row of a level, the rows of a part number), so a sheet of tens of
 * thousands of rows reads in linear time.
 */
export class BomRowReader {
  readonly layout: BomLayout;
  readonly #hasLevel: boolean;
  readonly #refused: boolean;
  readonly #issues: Issue[] = [];
  readonly #parts: Omit<BomPart, 'sort'>[] = [];
  #last: SeenRow | undefined;
  /** The latest row read of each level (the nearest earlier row one level up is `#atLevel.get(level - 1)`). */
  readonly #atLevel = new Map<number, SeenRow>();
  /** The rows read so far by part number (trimmed, lower case), in sheet order. */
  readonly #byNum = new Map<string, SeenRow[]>();
  readonly #siblingNums = new Map<string, Set<string>>();

  /** `rows`: the whole sheet, to choose the layout (the rows are then given to `add` one by one, in order). */
  constructor(rows: readonly BomSheetRow[]) {
    this.#hasLevel = rows.some((r) => r.values.level.trim() !== '');
    const hasParent = rows.some((r) => r.values.parentPartNum.trim() !== '');
    this.layout = this.#hasLevel || !hasParent ? 'level' : 'parent';
    // several rows and nothing saying how they nest: refuse rather than flatten them all under the product
    this.#refused = !this.#hasLevel && !hasParent && rows.length > 1;
  }

  add(r: BomSheetRow): void {
    if (this.#refused) return;
    const found = valueIssues(r);
    let parent: SeenRow | null = null;
    let level = 1;
    const parentNum = r.values.parentPartNum.trim();
    let placed = true;
    if (this.layout === 'level' && !this.#hasLevel) {
      // a one-row sheet without level or parent: the part sits under the product
    } else if (this.layout === 'level') {
      const text = r.values.level.trim().replace(/^\.+/, '');
      if (!LEVEL.test(text) || Number(text) < 1) {
        found.push(issue('bom.level_invalid', r.row, 'level', { value: r.values.level }));
        placed = false;
      } else {
        level = Number(text);
        const previous = this.#last?.level ?? 0;
        if (level > previous + 1) {
          found.push(issue('bom.level_jump', r.row, 'level', { level, previous }));
          placed = false;
        } else if (level > 1) parent = this.#atLevel.get(level - 1) ?? null;
        if (parent && parentNum !== '' && parentNum.toLowerCase() !== parent.r.values.partNum.trim().toLowerCase()) {
          found.push(issue('bom.parent_mismatch', r.row, 'parentPartNum', { parent: parentNum, expected: parent.r.values.partNum.trim() }));
        }
      }
    } else if (parentNum !== '') {
      placed = false;
      const holders = this.#byNum.get(parentNum.toLowerCase()) ?? [];
      if (parentNum.toLowerCase() === numKey(r.values.partNum)) found.push(issue('bom.parent_self', r.row, 'parentPartNum', { parent: parentNum }));
      else if (holders.length === 0) found.push(issue('bom.parent_missing', r.row, 'parentPartNum', { parent: parentNum }));
      else if (holders.length > 1) found.push(issue('bom.parent_ambiguous', r.row, 'parentPartNum', { parent: parentNum, rows: holders.map((h) => h.r.row).join(', ') }));
      else {
        parent = holders[0]!;
        level = parent.level + 1;
        placed = true;
      }
    }
    if (parent && !parent.good && found.length === 0) found.push(issue('bom.parent_row_invalid', r.row, this.layout === 'level' ? 'level' : 'parentPartNum', { parentRow: parent.r.row }));
    const parentKey = parent ? `r${parent.r.row}` : null;
    const num = numKey(r.values.partNum);
    const siblings = this.#siblingNums.get(parentKey ?? '') ?? new Set<string>();
    if (placed && num !== '' && siblings.has(num)) found.push(issue('bom.sub_part_exists', r.row, 'partNum', { partNum: r.values.partNum.trim() }));
    const good = found.length === 0;
    // only good rows claim their number: a corrected twin of a wrong row is not a duplicate
    if (good) siblings.add(num);
    this.#siblingNums.set(parentKey ?? '', siblings);
    const seen: SeenRow = { r, level, good };
    this.#last = seen;
    this.#atLevel.set(level, seen);
    const same = this.#byNum.get(num);
    if (same) same.push(seen);
    else this.#byNum.set(num, [seen]);
    for (const f of found) this.#issues.push(f);
    if (good) this.#parts.push(partOf(r, parentKey, level));
  }

  result(): BomRead {
    if (this.#refused) return { layout: this.layout, parts: [], issues: [{ messageKey: 'bom.level_or_parent_missing' satisfies BomMessageKey, row: 1 }] };
    return { layout: this.layout, parts: withSort(this.#parts), issues: this.#issues };
  }
}

/** Numbers each part among its siblings in the order given. */
export function withSort<T extends Omit<BomPart, 'sort'>>(parts: readonly T[]): (T & { sort: number })[] {
  const next = new Map<string | null, number>();
  return parts.map((p) => {
    const sort = (next.get(p.parentKey) ?? 0) + 1;
    next.set(p.parentKey, sort);
    return { ...p, sort };
  });
}
