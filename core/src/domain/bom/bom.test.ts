import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALES, loadCatalogs, translateIssue } from '../../i18n/index.ts';
import { BOM_COLUMN_KEYS, type BomColumnKey } from './columns.ts';
import { BOM_MESSAGE_KEYS } from './messages.ts';
import { readBomRows, type BomSheetRow } from './parse.ts';
import { checkBomPartValues, moveIssues, siblingIssues, subtreeIds } from './part.ts';
import { mergeBomParts, planBomStructure } from './plan.ts';

/** Sheet rows from [level, parent, number, name, quantity] tuples, numbered from row 2. */
function sheet(rows: readonly (readonly [level: string, parent: string, partNum: string, partName: string, quantity?: string])[]): BomSheetRow[] {
  return rows.map(([level, parentPartNum, partNum, partName, quantity = '1'], i) => {
    const values = Object.fromEntries(BOM_COLUMN_KEYS.map((k) => [k, ''])) as Record<BomColumnKey, string>;
    return { row: i + 2, values: { ...values, level, parentPartNum, partNum, partName, quantity } };
  });
}

const shape = (parts: ReturnType<typeof readBomRows>['parts']) => parts.map((p) => [p.partNum, p.parentKey, p.level, p.sort]);
const problems = (rows: BomSheetRow[]) => readBomRows(rows).issues.map((i) => [i.row, i.field, i.messageKey]);

describe('reading a BOM sheet', () => {
  it('nests rows by level under the nearest earlier row one level up, numbering siblings', () => {
    const read = readBomRows(sheet([['1', '', 'A', 'Door'], ['2', '', 'A1', 'Frame'], ['3', '', 'A11', 'Hinge'], ['2', '', 'A2', 'Glass'], ['1', '', 'B', 'Seat']]));
    expect(read.layout).toBe('level');
    expect(read.issues).toEqual([]);
    expect(shape(read.parts)).toEqual([
      ['A', null, 1, 1],
      ['A1', 'r2', 2, 1],
      ['A11', 'r3', 3, 1],
      ['A2', 'r2', 2, 2],
      ['B', null, 1, 2],
    ]);
  });

  it('nests rows by parent part number when no row gives a level', () => {
    const read = readBomRows(sheet([['', '', 'A', 'Door'], ['', 'A', 'A1', 'Frame'], ['', 'A1', 'A11', 'Hinge'], ['', 'a', 'A2', 'Glass']]));
    expect(read.layout).toBe('parent');
    expect(shape(read.parts)).toEqual([
      ['A', null, 1, 1],
      ['A1', 'r2', 2, 1],
      ['A11', 'r3', 3, 1],
      ['A2', 'r2', 2, 2],
    ]);
  });

  it('refuses a level jump, a missing parent, a part that is its own parent and an ambiguous parent', () => {
    expect(problems(sheet([['1', '', 'A', 'Door'], ['3', '', 'A1', 'Frame']]))).toEqual([[3, 'level', 'bom.level_jump']]);
    expect(problems(sheet([['2', '', 'A', 'Door']]))).toEqual([[2, 'level', 'bom.level_jump']]);
    expect(problems(sheet([['x', '', 'A', 'Door']]))).toEqual([[2, 'level', 'bom.level_invalid']]);
    expect(problems(sheet([['', '', 'A', 'Door'], ['', 'Z', 'B', 'Seat'], ['', 'C', 'C', 'Hood']]))).toEqual([
      [3, 'parentPartNum', 'bom.parent_missing'],
      [4, 'parentPartNum', 'bom.parent_self'],
    ]);
    expect(problems(sheet([['', '', 'A', 'Door'], ['', 'A', 'S', 'Screw'], ['', '', 'B', 'Seat'], ['', 'B', 'S', 'Screw'], ['', 'S', 'T', 'Thread']]))).toEqual([
      [6, 'parentPartNum', 'bom.parent_ambiguous'],
    ]);
  });

  it('refuses a sub-part that already exists under the same parent, but takes the same part under another parent', () => {
    const rows = sheet([['1', '', 'A', 'Door'], ['2', '', 'S', 'Screw'], ['2', '', 's', 'Screw'], ['1', '', 'B', 'Seat'], ['2', '', 'S', 'Screw']]);
    expect(problems(rows)).toEqual([[4, 'partNum', 'bom.sub_part_exists']]);
    expect(readBomRows(rows).parts.map((p) => p.partNum)).toEqual(['A', 'S', 'B', 'S']);
  });

  it('checks the values: number and name required, quantity a number above 0, one-line number', () => {
    expect(problems(sheet([['1', '', '', '', '0'], ['1', '', 'B\nC', 'Seat', 'two']]))).toEqual([
      [2, 'partNum', 'validation.required'],
      [2, 'partName', 'validation.required'],
      [2, 'quantity', 'bom.quantity_invalid'],
      [3, 'partNum', 'bom.one_line'],
      [3, 'quantity', 'bom.quantity_invalid'],
    ]);
    expect(readBomRows(sheet([['1', '', 'A', 'Door', '2.5']])).parts[0]!.quantity).toBe(2.5);
  });

  it('leaves out the rows under a wrong row, so the good rows alone form a tree', () => {
    const read = readBomRows(sheet([['1', '', 'A', ''], ['2', '', 'A1', 'Frame'], ['3', '', 'A11', 'Hinge'], ['1', '', 'B', 'Seat']]));
    expect(read.issues.map((i) => [i.row, i.messageKey])).toEqual([
      [2, 'validation.required'],
      [3, 'bom.parent_row_invalid'],
      [4, 'bom.parent_row_invalid'],
    ]);
    expect(shape(read.parts)).toEqual([['B', null, 1, 1]]);
  });

  it('refuses several rows with neither level nor parent, and cross-checks a parent given beside the level', () => {
    expect(problems(sheet([['', '', 'A', 'Door'], ['', '', 'B', 'Seat']]))).toEqual([[1, undefined, 'bom.level_or_parent_missing']]);
    expect(problems(sheet([['1', '', 'A', 'Door'], ['2', 'B', 'A1', 'Frame']]))).toEqual([[3, 'parentPartNum', 'bom.parent_mismatch']]);
  });

  it('names the field and the problem in both languages', () => {
    const [issue] = readBomRows(sheet([['1', '', 'A', 'Door'], ['2', '', 'S', 'Screw'], ['2', '', 'S', 'Screw']])).issues;
    expect(translateIssue('en-US', issue!)).toBe('Sub-part already exists: part number “S” is already under the same parent');
    expect(translateIssue('zh-CN', issue!)).toBe('子件已存在：同一父件下已有零件编号“S”');
    const [jump] = readBomRows(sheet([['1', '', 'A', 'Door'], ['3', '', 'B', 'Seat']])).issues;
    expect(translateIssue('en-US', jump!)).toBe('Level jumps from 1 to 3: a row goes at most one level deeper than the row before');
    expect(translateIssue('zh-CN', jump!)).toBe('层级从 1 跳到 3：每行最多比上一行深一级');
  });
});

describe('merging a sheet into a stored BOM (de-duplicate)', () => {
  it('leaves out parts already at the same place and hangs the rest under the stored parts, after their siblings', () => {
    const stored = [
      { id: 'a', parentId: null, partNum: 'A', sort: 1 },
      { id: 'a1', parentId: 'a', partNum: 'A1', sort: 1 },
    ];
    const { parts } = readBomRows(sheet([['1', '', 'A', 'Door'], ['2', '', 'A1', 'Frame'], ['2', '', 'A2', 'Glass'], ['3', '', 'A21', 'Seal'], ['1', '', 'B', 'Seat']]));
    const { added, skipped } = mergeBomParts(stored, parts);
    expect(skipped).toBe(2);
    expect(added.map((p) => [p.partNum, p.parentKey, p.sort])).toEqual([
      ['A2', 'a', 2],
      ['A21', 'r4', 1],
      ['B', null, 2],
    ]);
  });
});

describe('a DFMEA structure from a BOM', () => {
  const { parts } = readBomRows(sheet([['1', '', 'A', 'Door'], ['2', '', 'A1', 'Frame'], ['2', '', 'A2', 'Glass'], ['1', '', 'B', 'Seat']]));

  it('makes every part a node under its parent part’s node: assemblies type 12, the rest elements', () => {
    const plan = planBomStructure(parts, [{ id: 'root', parentId: null, name: 'Car' }], 'root');
    expect(plan.reused).toBe(0);
    expect(plan.nodes.map((n) => [n.name, n.parentKey, n.nodeType])).toEqual([
      ['Door', 'root', 12],
      ['Seat', 'root', 9],
      ['Frame', 'bom:r2', 9],
      ['Glass', 'bom:r2', 9],
    ]);
  });

  it('takes nodes already in the tree by name under the same parent, each once', () => {
    const existing = [
      { id: 'root', parentId: null, name: 'Car' },
      { id: 'door', parentId: 'root', name: ' door ' },
      { id: 'frame', parentId: 'door', name: 'Frame' },
    ];
    const plan = planBomStructure(parts, existing, 'root');
    expect(plan.reused).toBe(2);
    expect(plan.nodes.map((n) => [n.name, n.parentKey])).toEqual([
      ['Seat', 'root'],
      ['Glass', 'door'],
    ]);
  });
});

const here = dirname(fileURLToPath(import.meta.url));
const services = join(here, '../../services/bom');

function literalKeysInSource(): string[] {
  const files = [here, services].filter((dir) => existsSync(dir)).flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'messages.ts').map((f) => join(dir, f)));
  return [...new Set(files.flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/'(bom\.[a-z_]+)'/g)].map((m) => m[1]!)))];
}

describe('BOM messages', () => {
  it('lists exactly the keys the code writes', () => {
    expect(literalKeysInSource().filter((k) => !(BOM_MESSAGE_KEYS as readonly string[]).includes(k))).toEqual([]);
    expect(BOM_MESSAGE_KEYS.filter((k) => !literalKeysInSource().includes(k))).toEqual([]);
  });

  it.each(LOCALES)('has every key in %s', (locale) => {
    for (const key of BOM_MESSAGE_KEYS) expect(loadCatalogs()[locale][key]?.trim(), key).toBeTruthy();
  });
});

describe('single parts', () => {
  const tree = [
    { id: 'a', parentId: null, partNum: 'A' },
    { id: 'a1', parentId: 'a', partNum: 'A1' },
    { id: 'a11', parentId: 'a1', partNum: 'A11' },
    { id: 'b', parentId: null, partNum: 'B' },
  ];

  it('checks a typed part by the sheet’s rules, quantity as a number', () => {
    expect(checkBomPartValues({ partNum: 'A', partName: 'Door', quantity: 0.5 })).toEqual([]);
    expect(checkBomPartValues({ partNum: '', partName: 'Door', quantity: Number.NaN }).map((i) => [i.field, i.messageKey])).toEqual([
      ['partNum', 'validation.required'],
      ['quantity', 'bom.quantity_invalid'],
    ]);
  });

  it('names a part’s subtree, and refuses a move into it or next to a twin', () => {
    expect(subtreeIds(tree, 'a')).toEqual(['a', 'a1', 'a11']);
    expect(moveIssues(tree, 'a', 'a11').map((i) => i.messageKey)).toEqual(['bom.move_into_own']);
    expect(moveIssues(tree, 'a1', 'b')).toEqual([]);
    expect(siblingIssues(tree, null, ' b ').map((i) => i.messageKey)).toEqual(['bom.sub_part_exists']);
    expect(siblingIssues(tree, null, 'B', 'b')).toEqual([]);
  });
});
