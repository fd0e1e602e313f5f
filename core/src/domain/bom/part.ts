import type { Issue, MessageParams } from '../../errors.ts';
import { checkText, SHORT_TEXT_LIMIT } from '../validation/index.ts';
import { PART_NUM_MAX, QUANTITY_MAX, UNIT_MAX } from './columns.ts';
import type { BomMessageKey } from './messages.ts';

/** A part's own values, as a sheet row holds them (text) or a form sends them (quantity a number). */
export interface BomPartValues {
  readonly partNum: string;
  readonly partName: string;
  readonly enPartName?: string | null;
  readonly quantity: number | string;
  readonly unit?: string | null;
}

const issue = (messageKey: BomMessageKey, field: string, params: MessageParams = {}): Issue => ({ messageKey, field, params: { field, ...params } });

const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)$/;

function quantityIssue(quantity: number | string): Issue | null {
  const text = typeof quantity === 'number' ? String(quantity) : quantity.trim();
  if (text === '') return { messageKey: 'validation.required', field: 'quantity', params: { field: 'quantity' } };
  const value = typeof quantity === 'number' ? quantity : NUMBER.test(text) ? Number(text) : Number.NaN;
  if (!Number.isFinite(value) || value <= 0 || value > QUANTITY_MAX) return issue('bom.quantity_invalid', 'quantity', { value: text, max: QUANTITY_MAX });
  return null;
}

/**
 * The issues of a part's values (spec 001 §3 BOM, §5 "Quantity required,
 * numeric"): part number (one line, at most 50) and name required, texts
 * within their limits, quantity a number above 0. The same rules for a
 * sheet's row and a part typed on the page.
 */
export function checkBomPartValues(values: BomPartValues): Issue[] {
  const found: Issue[] = [
    ...checkText(values.partNum, { field: 'partNum', max: PART_NUM_MAX, required: true }),
    ...checkText(values.partName, { field: 'partName', required: true }),
    ...checkText(values.enPartName ?? null, { field: 'enPartName' }),
    ...checkText(values.unit ?? null, { field: 'unit', max: Math.min(UNIT_MAX, SHORT_TEXT_LIMIT) }),
  ];
  if (typeof values.partNum === 'string' && /[\r\n]/.test(values.partNum)) found.push(issue('bom.one_line', 'partNum'));
  const quantity = quantityIssue(values.quantity);
  if (quantity) found.push(quantity);
  return found;
}

/** A stored part as the tree rules need it. */
export interface BomTreePart {
  readonly id: string;
  readonly parentId: string | null;
  readonly partNum: string;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * "Sub-part already exists" (spec 001 §5): a part number once under the same
 * parent, letters in either case. `selfId` is the part being changed, which
 * may keep its own number.
 */
export function siblingIssues(parts: readonly BomTreePart[], parentId: string | null, partNum: string, selfId?: string): Issue[] {
  const twin = parts.find((p) => p.parentId === parentId && p.id !== selfId && same(p.partNum, partNum));
  return twin ? [issue('bom.sub_part_exists', 'partNum', { partNum: partNum.trim() })] : [];
}

/** The part and every part below it, the part first, parents before children. */
export function subtreeIds(parts: readonly BomTreePart[], id: string): string[] {
  const children = new Map<string | null, string[]>();
  for (const p of parts) {
    const list = children.get(p.parentId);
    if (list) list.push(p.id);
    else children.set(p.parentId, [p.id]);
  }
  const out: string[] = [];
  const visit = (at: string) => {
    out.push(at);
    for (const child of children.get(at) ?? []) visit(child);
  };
  visit(id);
  return out;
}

/**
 * Moving a part under another parent (null: under the product): never under
 * itself or a part below it (the tree would lose them), and its number must
 * be free there.
 */
export function moveIssues(parts: readonly BomTreePart[], id: string, parentId: string | null): Issue[] {
  const part = parts.find((p) => p.id === id);
  if (!part) return [];
  if (parentId !== null && subtreeIds(parts, id).includes(parentId)) return [issue('bom.move_into_own', 'parentId', { partNum: part.partNum })];
  return siblingIssues(parts, parentId, part.partNum, id);
}
