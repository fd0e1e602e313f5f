import { InvalidInputError, type Issue, type MessageParams } from '../../errors.ts';
import type { GraphIndex } from '../fmea/graph.ts';
import { TASK_STATUS } from '../status/task.ts';
import { checkText, SHORT_TEXT_LIMIT } from '../validation/index.ts';
import type { PfmeaMessageKey } from './messages.ts';
import {
  CHARACTERISTIC_KINDS,
  FUNCTION_SCOPES,
  PROCESS_LEVELS,
  PROCESS_TREE_MAX_DEPTH,
  WORK_ELEMENT_TYPES,
  type CharacteristicKind,
  type ProcessLevel,
} from './vocabulary.ts';

/**
 * The process structure of a PFMEA (AIAG & VDA step 2), as pure rules over the
 * engine's graph. A node's level is its depth: the root is the process item,
 * its children are process steps, their children work elements. Nothing may
 * sit below a work element (PROCESS_TREE_MAX_DEPTH = 3). docs/domain/pfmea.md
 * "Process structure" explains the choices.
 */

const issue = (messageKey: PfmeaMessageKey, field: string, params: MessageParams = {}): Issue => ({ messageKey, field, params: { field, ...params } });

/** Parent lookup: a GraphIndex, or any map of nodes by id. */
export interface ParentLookup {
  readonly node: ReadonlyMap<string, { readonly parentId: string | null }>;
}

/** Depth of a node: 0 for the root, 1 for its children … (undefined for an unknown node). */
export function nodeDepth(index: ParentLookup, nodeId: string): number | undefined {
  let node = index.node.get(nodeId);
  if (!node) return undefined;
  let depth = 0;
  // The walk is bounded by the number of nodes, so a corrupt parent cycle cannot loop forever.
  for (let guard = index.node.size; node.parentId !== null && guard > 0; guard--) {
    const parent = index.node.get(node.parentId);
    if (!parent) return undefined;
    node = parent;
    depth++;
  }
  return depth;
}

/** The level of a depth: 0 item, 1 step, 2 work element; deeper has no level. */
export const processLevelAt = (depth: number): ProcessLevel | undefined => PROCESS_LEVELS[depth];

/** The level of an existing node, refusing one that sits too deep (older data). */
export function processLevelOf(index: ParentLookup, nodeId: string): ProcessLevel {
  const depth = nodeDepth(index, nodeId);
  if (depth === undefined) throw new InvalidInputError('fmea.node_unknown', { nodeId });
  const level = processLevelAt(depth);
  if (!level) throw new InvalidInputError('pfmea.tree_too_deep' satisfies PfmeaMessageKey, { max: PROCESS_TREE_MAX_DEPTH });
  return level;
}

/** Levels below a node, itself included (a leaf is 1). */
export function subtreeHeight(index: Pick<GraphIndex, 'children'>, nodeId: string): number {
  let height = 0;
  let layer = [nodeId];
  while (layer.length > 0) {
    height++;
    layer = layer.flatMap((id) => (index.children.get(id) ?? []).map((n) => n.id));
    if (height > 1000) break;
  }
  return height;
}

/**
 * Where a subtree of `height` levels may go under `parentId`: its deepest node
 * must still be a work element. Returns the level the subtree's top takes.
 * Adding a node is a subtree of height 1: nothing may be added below a work element.
 */
export function assertProcessPlacement(index: ParentLookup, parentId: string, height = 1): ProcessLevel {
  const parentDepth = nodeDepth(index, parentId);
  if (parentDepth === undefined) throw new InvalidInputError('fmea.node_unknown', { nodeId: parentId });
  if (parentDepth + height > PROCESS_TREE_MAX_DEPTH - 1) {
    throw new InvalidInputError('pfmea.tree_too_deep' satisfies PfmeaMessageKey, { max: PROCESS_TREE_MAX_DEPTH });
  }
  return processLevelAt(parentDepth + 1)!;
}

/**
 * Moving or copying keeps a node at its level: a step goes under the process
 * item, a work element under a step. Changing the level would change which
 * fields the node and its characteristics must have, so it is refused rather
 * than converted. `fromDepth` is the node's depth where it is now (in the
 * source project for a copy).
 */
export function assertSameProcessLevel(index: ParentLookup, fromDepth: number, newParentId: string): ProcessLevel {
  const parentDepth = nodeDepth(index, newParentId);
  if (parentDepth === undefined) throw new InvalidInputError('fmea.node_unknown', { nodeId: newParentId });
  if (parentDepth + 1 !== fromDepth) throw new InvalidInputError('pfmea.level_change' satisfies PfmeaMessageKey);
  const level = processLevelAt(fromDepth);
  if (!level) throw new InvalidInputError('pfmea.tree_too_deep' satisfies PfmeaMessageKey, { max: PROCESS_TREE_MAX_DEPTH });
  return level;
}

/** A subtree is copied between two PFMEAs or between two design-side FMEAs, never across (the process fields would not fit). */
export function assertCopyBetweenKinds(sourceIsPfmea: boolean, targetIsPfmea: boolean): void {
  if (sourceIsPfmea !== targetIsPfmea) throw new InvalidInputError('pfmea.copy_between_kinds' satisfies PfmeaMessageKey);
}

/** A process number as stored: trimmed; blank is none. */
export function cleanProcessNo(value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
}

/** Process numbers compare trimmed and without case ("op10" and "OP10" are the same station). */
export const processNoKey = (value: string) => value.trim().toLowerCase();

/**
 * The fields a node holds at its level. A process step may carry a process
 * number (≤ 20 characters) and never a 4M type; a work element needs one of
 * the 4M types and carries no number; the process item carries neither.
 * `partial` (an update) checks only the fields given, against the node's level.
 */
export function processNodeIssues(
  level: ProcessLevel,
  fields: { readonly processNo?: unknown; readonly workElementType?: unknown },
  { partial = false } = {},
): Issue[] {
  const issues: Issue[] = [];
  const processNo = fields.processNo;
  if (processNo !== undefined && processNo !== null && processNo !== '') {
    if (level !== 'step') issues.push(issue('pfmea.process_no_on_step_only', 'processNo'));
    else issues.push(...checkText(processNo, { field: 'processNo', max: SHORT_TEXT_LIMIT }));
  }
  const type = fields.workElementType;
  const given = type !== undefined && type !== null && type !== '';
  if (level === 'element') {
    if (given && !(WORK_ELEMENT_TYPES as readonly unknown[]).includes(type)) issues.push(issue('pfmea.work_element_type_invalid', 'workElementType', { value: String(type) }));
    else if (!given && (!partial || type !== undefined)) issues.push(issue('pfmea.work_element_type_required', 'workElementType'));
  } else if (given) {
    issues.push(issue('pfmea.work_element_type_element_only', 'workElementType'));
  }
  return issues;
}

/** The step holding `processNo` already (other than `selfId`), if any. */
export function processNoHolder<T extends { readonly id: string; readonly processNo: string | null }>(
  steps: readonly T[],
  processNo: string,
  selfId?: string,
): T | undefined {
  const key = processNoKey(processNo);
  return steps.find((s) => s.id !== selfId && s.processNo !== null && processNoKey(s.processNo) === key);
}

/** Process numbers are unique per project among its steps. */
export function processNoUniqueIssues(steps: readonly { readonly id: string; readonly processNo: string | null }[], processNo: string | null, selfId?: string): Issue[] {
  if (processNo === null) return [];
  return processNoHolder(steps, processNo, selfId) ? [issue('pfmea.process_no_taken', 'processNo', { value: processNo })] : [];
}

export const PROCESS_NO_STEP = 10;
const NUMERIC = /^\d{1,15}$/;

/**
 * The next generated process number: the next multiple of 10 above the highest
 * all-digit number in use (10, 20, 30 …; after 25 comes 30), skipping any
 * taken one. Numbers with letters ("OP10", "10.1") are kept but not counted.
 */
export function nextProcessNo(existing: readonly (string | null | undefined)[]): string {
  const taken = new Set(existing.filter((v): v is string => typeof v === 'string').map(processNoKey));
  const highest = [...taken].filter((v) => NUMERIC.test(v)).reduce((max, v) => Math.max(max, Number(v)), 0);
  let next = (Math.floor(highest / PROCESS_NO_STEP) + 1) * PROCESS_NO_STEP;
  while (taken.has(String(next))) next += PROCESS_NO_STEP;
  return String(next);
}

/** Numbers for several new steps at once (a copy or an import), each after the last. */
export function nextProcessNos(existing: readonly (string | null | undefined)[], count: number): string[] {
  const used = [...existing];
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const next = nextProcessNo(used);
    out.push(next);
    used.push(next);
  }
  return out;
}

/** Product characteristics on process steps, process characteristics on work elements; none on the item. */
export function characteristicKindOf(level: ProcessLevel): CharacteristicKind | null {
  return level === 'step' ? 'product' : level === 'element' ? 'process' : null;
}

/** A characteristic's kind must be its level's (or left out, when the level's is taken). */
export function characteristicKindIssues(level: ProcessLevel, kind: unknown): Issue[] {
  if (kind === undefined || kind === null) return [];
  if (!(CHARACTERISTIC_KINDS as readonly unknown[]).includes(kind)) return [issue('pfmea.characteristic_kind_invalid', 'characteristicKind', { value: String(kind) })];
  if (kind === characteristicKindOf(level)) return [];
  const key = level === 'step' ? 'pfmea.characteristic_kind_on_step' : level === 'element' ? 'pfmea.characteristic_kind_on_element' : 'pfmea.characteristic_kind_on_item';
  return [issue(key, 'characteristicKind', { value: String(kind) })];
}

/** The function scope (your plant, ship-to plant, end user) belongs to functions of the process item only. */
export function functionScopeIssues(level: ProcessLevel, scope: unknown): Issue[] {
  if (scope === undefined || scope === null || scope === '') return [];
  if (!(FUNCTION_SCOPES as readonly unknown[]).includes(scope)) return [issue('pfmea.function_scope_invalid', 'functionScope', { value: String(scope) })];
  return level === 'item' ? [] : [issue('pfmea.function_scope_item_only', 'functionScope')];
}

/** The fields only a PFMEA's process model has; a design-side FMEA (DFMEA, family, MSR) refuses them. */
export const PROCESS_ONLY_FIELDS = ['processNo', 'workElementType', 'functionScope', 'characteristicKind'] as const;

export function processFieldsOutsidePfmeaIssues(fields: Readonly<Record<string, unknown>>): Issue[] {
  return PROCESS_ONLY_FIELDS.filter((f) => fields[f] !== undefined && fields[f] !== null && fields[f] !== '').map((f) => issue('pfmea.process_field_pfmea_only', f));
}

/**
 * The customer's own class of a characteristic (beside CC/SC) is the class
 * name (`category`) of one of the project's feature classifications: the
 * customer's scheme, else the general one (catalog featureClassify). Matched
 * trimmed and without case; the record's spelling is what is stored.
 */
export function matchCustomerClass(value: unknown, classes: readonly string[]): { value: string | null; issues: Issue[] } {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return { value: null, issues: [] };
  const key = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  const found = key === undefined ? undefined : classes.find((c) => c.trim().toLowerCase() === key);
  return found !== undefined ? { value: found, issues: [] } : { value: null, issues: [issue('pfmea.customer_class_unknown', 'customerClass', { value: String(value) })] };
}

/**
 * A process step's task status (spec 001 §7 progress updates: projectProcedureSerial
 * + taskStatus) is one of the spec's task codes '0'–'7', or null for "no task";
 * only process steps carry one (they are the PFMEA's procedure tasks).
 */
export function taskStatusIssues(level: ProcessLevel, status: unknown): Issue[] {
  if (status !== null && !(Object.values(TASK_STATUS) as unknown[]).includes(status)) return [issue('pfmea.task_status_invalid', 'taskStatus', { value: String(status) })];
  return level === 'step' ? [] : [issue('pfmea.task_status_step_only', 'projectProcedureSerial')];
}
