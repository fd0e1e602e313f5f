import type { Issue, MessageParams } from '../../errors.ts';
import type { CharacteristicClass } from '../fmea/vocabulary.ts';
import { CODE_PREFIXES } from '../numbering/codes.ts';
import { specialClassText } from './control-plan-model.ts';
import { checkText, TEXT_LIMIT } from '../validation/index.ts';
import type { PfdMessageKey } from './flow-messages.ts';
import { FLOW_BRANCH_KINDS, FLOW_SYMBOLS, type CharacteristicKind, type FlowBranchKind, type FlowSymbol } from './vocabulary.ts';

/**
 * The process flow chart (PFD) as a view of the PFMEA's process model: it is
 * drawn from the process steps themselves (the root's children, by sort) and
 * their characteristics, plus the rework and scrap branches stored beside
 * them. Nothing of a step is kept twice, so an edit here is an edit of the
 * PFMEA and the other way round. docs/domain/pfmea.md "Process flow chart".
 */

/** The columns of fmea_node the chart reads. */
export interface FlowNodeSource {
  readonly id: string;
  readonly parentId: string | null;
  readonly name: string;
  readonly sort: number;
  readonly version: number;
  readonly processNo: string | null;
  readonly flowSymbol: FlowSymbol | null;
  readonly flowInputs: string | null;
  readonly flowOutputs: string | null;
}

export interface FlowFunctionSource {
  readonly id: string;
  readonly nodeId: string;
  readonly sort: number;
}

export interface FlowCharacteristicSource {
  readonly id: string;
  readonly functionId: string;
  readonly name: string;
  readonly characteristicClass: CharacteristicClass;
  readonly special: boolean;
  readonly characteristicKind: CharacteristicKind | null;
  readonly customerClass: string | null;
  readonly sort: number;
}

export interface FlowBranchSource {
  readonly id: string;
  readonly fromNodeId: string;
  readonly toNodeId: string | null;
  readonly kind: FlowBranchKind;
  readonly label: string | null;
  readonly sort: number;
  readonly version: number;
}

export interface FlowSource {
  readonly nodes: readonly FlowNodeSource[];
  readonly functions: readonly FlowFunctionSource[];
  readonly characteristics: readonly FlowCharacteristicSource[];
  readonly branches: readonly FlowBranchSource[];
}

export interface FlowCharacteristic {
  readonly id: string;
  readonly name: string;
  readonly kind: CharacteristicKind;
  readonly characteristicClass: CharacteristicClass;
  readonly special: boolean;
  readonly customerClass: string | null;
  /** The special class as the chart shows it (the customer's class, else CC / SC), null for an ordinary one. */
  readonly mark: string | null;
}

export interface FlowStep {
  readonly id: string;
  readonly version: number;
  /** 1-based place in the flow. */
  readonly position: number;
  readonly processNo: string | null;
  readonly name: string;
  /** The stored symbol, or 'operation' while none is chosen. */
  readonly symbol: FlowSymbol;
  /** Whether the symbol was chosen (false: the default is shown). */
  readonly symbolChosen: boolean;
  readonly inputs: string | null;
  readonly outputs: string | null;
  /** Of the step's own functions. */
  readonly productCharacteristics: readonly FlowCharacteristic[];
  /** Of its work elements' functions. */
  readonly processCharacteristics: readonly FlowCharacteristic[];
  /** The distinct special classes of both lists, in their order. */
  readonly specialMarks: readonly string[];
}

export interface FlowBranch {
  readonly id: string;
  readonly version: number;
  readonly kind: FlowBranchKind;
  readonly fromStepId: string;
  /** The step a rework returns to; null for scrap. */
  readonly toStepId: string | null;
  readonly label: string | null;
  readonly sort: number;
}

export interface ProcessFlow {
  readonly steps: readonly FlowStep[];
  readonly branches: readonly FlowBranch[];
}

export const DEFAULT_FLOW_SYMBOL: FlowSymbol = 'operation';

const bySort = <T extends { readonly sort: number; readonly id: string }>(a: T, b: T) => a.sort - b.sort || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The special class of a characteristic as the chart and the workbook show it:
 * the control plan's class text (the customer's own class when one is set,
 * else CC / SC), so the three views of the PFMEA never disagree; null for none.
 */
export const specialMark = (c: Pick<FlowCharacteristicSource, 'special' | 'characteristicClass' | 'customerClass'>): string | null => specialClassText(c) || null;

/** The steps of a process tree: the root's children by sort (the root is the node without a parent). */
export function flowStepNodes<T extends Pick<FlowNodeSource, 'id' | 'parentId' | 'sort'>>(nodes: readonly T[]): T[] {
  const root = nodes.find((n) => n.parentId === null);
  if (!root) return [];
  return nodes.filter((n) => n.parentId === root.id).sort(bySort);
}

/**
 * The flow of a PFMEA. Product characteristics are those of a step's own
 * functions, process characteristics those of the functions of the nodes
 * below it (its work elements); a stored kind wins over the place, so older
 * data shows where its author put it. A branch whose end is no longer a step
 * (moved or deleted) is left out of the picture.
 */
export function buildProcessFlow(source: FlowSource): ProcessFlow {
  const stepNodes = flowStepNodes(source.nodes);
  const stepIds = new Set(stepNodes.map((s) => s.id));
  const children = new Map<string, FlowNodeSource[]>();
  for (const n of source.nodes) if (n.parentId !== null) children.set(n.parentId, [...(children.get(n.parentId) ?? []), n]);
  const functionsOf = new Map<string, FlowFunctionSource[]>();
  for (const f of source.functions) functionsOf.set(f.nodeId, [...(functionsOf.get(f.nodeId) ?? []), f]);
  const characteristicsOf = new Map<string, FlowCharacteristicSource[]>();
  for (const c of source.characteristics) characteristicsOf.set(c.functionId, [...(characteristicsOf.get(c.functionId) ?? []), c]);

  const ofNode = (nodeId: string, placeKind: CharacteristicKind): FlowCharacteristic[] =>
    [...(functionsOf.get(nodeId) ?? [])].sort(bySort).flatMap((f) =>
      [...(characteristicsOf.get(f.id) ?? [])].sort(bySort).map((c) => ({
        id: c.id,
        name: c.name,
        kind: c.characteristicKind ?? placeKind,
        characteristicClass: c.characteristicClass,
        special: c.special,
        customerClass: c.customerClass,
        mark: specialMark(c),
      })),
    );
  /** The nodes below a step in tree order (work elements, and anything an older tree put deeper). */
  const below = (nodeId: string): FlowNodeSource[] => [...(children.get(nodeId) ?? [])].sort(bySort).flatMap((n) => [n, ...below(n.id)]);

  const steps = stepNodes.map((node, i): FlowStep => {
    const all = [...ofNode(node.id, 'product'), ...below(node.id).flatMap((n) => ofNode(n.id, 'process'))];
    const productCharacteristics = all.filter((c) => c.kind === 'product');
    const processCharacteristics = all.filter((c) => c.kind === 'process');
    const specialMarks = [...new Set([...productCharacteristics, ...processCharacteristics].flatMap((c) => (c.mark ? [c.mark] : [])))];
    return {
      id: node.id,
      version: node.version,
      position: i + 1,
      processNo: node.processNo,
      name: node.name,
      symbol: node.flowSymbol ?? DEFAULT_FLOW_SYMBOL,
      symbolChosen: node.flowSymbol !== null,
      inputs: node.flowInputs,
      outputs: node.flowOutputs,
      productCharacteristics,
      processCharacteristics,
      specialMarks,
    };
  });

  const branches = [...source.branches]
    .sort(bySort)
    .filter((b) => stepIds.has(b.fromNodeId) && (b.kind === 'scrap' || (b.toNodeId !== null && stepIds.has(b.toNodeId))))
    .map((b): FlowBranch => ({ id: b.id, version: b.version, kind: b.kind, fromStepId: b.fromNodeId, toStepId: b.kind === 'rework' ? b.toNodeId : null, label: b.label, sort: b.sort }));
  return { steps, branches };
}

/** A step's number and name as one line reads them: "20 Turn housing", or the name alone. */
export const stepTitle = (step: Pick<FlowStep, 'processNo' | 'name'>): string => (step.processNo ? `${step.processNo} ${step.name}` : step.name);

/**
 * The flow chart's document number, derived from the PFMEA's: its PF prefix
 * becomes PFD (PF2611260001 → PFD2611260001), so each PFMEA has exactly one
 * chart number and no second counter can drift from it. A number that does
 * not start with PF (a changed rule, a manual number) gets the prefix in front.
 */
export function flowChartNumber(pfmeaSerial: string): string {
  const pf = CODE_PREFIXES.pfmeaProject;
  const pfd = CODE_PREFIXES.processFlowChart;
  return pfmeaSerial.startsWith(pf) && !pfmeaSerial.startsWith(pfd) ? `${pfd}${pfmeaSerial.slice(pf.length)}` : `${pfd}-${pfmeaSerial}`;
}

// ---------------------------------------------------------------------------
// Rules of the edits

const issue = (messageKey: PfdMessageKey, field: string, params: MessageParams = {}): Issue => ({ messageKey, field, params: { field, ...params } });

export interface FlowStepFields {
  readonly flowSymbol?: unknown;
  readonly flowInputs?: unknown;
  readonly flowOutputs?: unknown;
}

/** A step's flow fields: a listed symbol (null puts the default back), inputs and outputs as texts of at most 200 characters. */
export function flowStepIssues(fields: FlowStepFields): Issue[] {
  const issues: Issue[] = [];
  const symbol = fields.flowSymbol;
  if (symbol !== undefined && symbol !== null && !(FLOW_SYMBOLS as readonly unknown[]).includes(symbol)) issues.push(issue('pfd.symbol_invalid', 'flowSymbol', { value: String(symbol) }));
  issues.push(...checkText(fields.flowInputs, { field: 'flowInputs', max: TEXT_LIMIT }));
  issues.push(...checkText(fields.flowOutputs, { field: 'flowOutputs', max: TEXT_LIMIT }));
  return issues;
}

export interface FlowBranchFields {
  readonly kind: unknown;
  readonly fromNodeId: string;
  readonly toNodeId?: string | null;
  readonly label?: unknown;
}

/**
 * A branch leaves a step of the flow. A rework returns to a step of the same
 * PFMEA (itself included: the operation is repeated); scrap leaves the flow,
 * so it has no target. `stepIds` are the PFMEA's steps.
 */
export function flowBranchIssues(branch: FlowBranchFields, stepIds: ReadonlySet<string>): Issue[] {
  const issues: Issue[] = [];
  if (!(FLOW_BRANCH_KINDS as readonly unknown[]).includes(branch.kind)) issues.push(issue('pfd.branch_kind_invalid', 'kind', { value: String(branch.kind) }));
  if (!stepIds.has(branch.fromNodeId)) issues.push(issue('pfd.branch_from_not_step', 'fromNodeId'));
  const target = branch.toNodeId ?? null;
  if (branch.kind === 'rework') {
    if (target === null || target === '') issues.push(issue('pfd.rework_target_required', 'toNodeId'));
    else if (!stepIds.has(target)) issues.push(issue('pfd.rework_target_not_step', 'toNodeId'));
  } else if (branch.kind === 'scrap' && target !== null && target !== '') {
    issues.push(issue('pfd.scrap_has_no_target', 'toNodeId'));
  }
  issues.push(...checkText(branch.label, { field: 'label', max: TEXT_LIMIT }));
  return issues;
}

/** A new order must name every step of the PFMEA exactly once. */
export function reorderIssues(orderedIds: readonly string[], stepIds: readonly string[]): Issue[] {
  const given = new Set(orderedIds);
  const same = given.size === orderedIds.length && orderedIds.length === stepIds.length && stepIds.every((id) => given.has(id));
  return same ? [] : [issue('pfd.reorder_not_the_steps', 'stepIds', { count: stepIds.length })];
}

/** The order after moving one step up (-1) or down (+1); unchanged at either end. */
export function moveInOrder(orderedIds: readonly string[], stepId: string, offset: -1 | 1): string[] {
  const order = [...orderedIds];
  const from = order.indexOf(stepId);
  const to = from + offset;
  if (from < 0 || to < 0 || to >= order.length) return order;
  order.splice(from, 1);
  order.splice(to, 0, stepId);
  return order;
}
