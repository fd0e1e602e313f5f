import type {
  fmeaAction,
  fmeaCharacteristic,
  fmeaControl,
  fmeaFailure,
  fmeaFailureLink,
  fmeaFunction,
  fmeaFunctionLink,
  fmeaInterface,
  fmeaNode,
} from '../../db/schema/index.ts';
import { isDomainError, type Issue } from '../../errors.ts';
import {
  ACTION_STATUSES,
  actionCauseIssues,
  actionIssues,
  assertChildNodeType,
  characteristicIssues,
  completionIssues,
  controlIssues,
  failureIssues,
  failureLinkRefusal,
  frequencyRatioIssues,
  functionIssues,
  functionLinkRefusal,
  hasMsrSteps,
  indexGraph,
  interfaceIssues,
  nextChildSort,
  msrIssues,
  nodeIssues,
  NODE_TYPES,
  type ActionStatus,
  type CharacteristicClass,
  type AnyControlKind,
  type FailureKind,
  type FmeaGraph,
  type ProjectType,
} from '../../domain/fmea/index.ts';
import {
  characteristicKindIssues,
  characteristicKindOf,
  cleanProcessNo,
  functionScopeIssues,
  matchCustomerClass,
  nextProcessNo,
  nodeDepth,
  PROCESS_TREE_MAX_DEPTH,
  processFieldsOutsidePfmeaIssues,
  processLevelAt,
  processNodeIssues,
  processNoKey,
  type CharacteristicKind,
  type FunctionScope,
  type ProcessLevel,
  type WorkElementType,
} from '../../domain/pfmea/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

/** '@root' names the project's product node. */
export const ROOT_KEY = '@root';

export interface AnalysisImport {
  /** PFMEA: `processNo` on process steps (generated when left out and isGenerateProcessNoRequired is on), `workElementType` (4M) on work elements. */
  nodes?: { key: string; parentKey?: string | null; name: string; nodeType?: number; imageName?: string | null; processNo?: string | null; workElementType?: WorkElementType | null }[];
  /** PFMEA: `functionScope` only on functions of the process item. */
  functions?: { key: string; nodeKey: string; description: string; requirement?: string | null; functionScope?: FunctionScope | null }[];
  /**
   * PFMEA: `characteristicKind` follows the level (product on a step, process on a work element; taken from the level when left out).
   * Any type: `customerClass`, one of the project's feature classes (its customer's, else the general ones).
   */
  characteristics?: {
    functionKey: string;
    name: string;
    characteristicClass: CharacteristicClass;
    special?: boolean;
    characteristicKind?: CharacteristicKind | null;
    customerClass?: string | null;
  }[];
  interfaces?: { firstNodeKey: string; secondNodeKey: string; interfaceType: number; description?: string | null }[];
  /** FMEA-MSR (a project whose kind has the MSR steps): `msrFrequency`, `msrMonitoring`, `msrSeverity`, `msrEffect` on causes. */
  failures?: {
    key: string;
    functionKey: string;
    kind: FailureKind;
    description: string;
    severity?: number | null;
    occurrence?: number | null;
    detection?: number | null;
    frequencyRatio?: number | null;
    msrFrequency?: number | null;
    msrMonitoring?: number | null;
    msrSeverity?: number | null;
    msrEffect?: string | null;
  }[];
  functionLinks?: { higherKey: string; lowerKey: string }[];
  failureLinks?: { higherKey: string; lowerKey: string }[];
  controls?: { causeKey: string; kind: AnyControlKind; description: string }[];
  actions?: {
    causeKey: string;
    kind: AnyControlKind;
    description: string;
    responsibleUserId?: string | null;
    targetDate?: string | null;
    status?: ActionStatus;
    actionTaken?: string | null;
    evidence?: string | null;
    completionDate?: string | null;
    raSeverity?: number | null;
    raOccurrence?: number | null;
    raDetection?: number | null;
  }[];
}

/** An insert row of a table without the columns the service stamps. */
type Insert<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'projectId' | 'createdBy' | 'updatedBy' | 'createdAt' | 'updatedAt' | 'version'>;

export interface ImportPlan {
  issues: Issue[];
  ids: Record<string, string>;
  /** Insert-ready rows (without project id and stamps), parents before children. */
  rows: {
    nodes: (Insert<typeof fmeaNode> & { id: string; parentId: string; sort: number })[];
    functions: Insert<typeof fmeaFunction>[];
    characteristics: Insert<typeof fmeaCharacteristic>[];
    interfaces: Insert<typeof fmeaInterface>[];
    failures: Insert<typeof fmeaFailure>[];
    functionLinks: Insert<typeof fmeaFunctionLink>[];
    failureLinks: Insert<typeof fmeaFailureLink>[];
    controls: Insert<typeof fmeaControl>[];
    actions: Insert<typeof fmeaAction>[];
  };
}

const at = (list: string, row: number, issues: readonly Issue[]): Issue[] =>
  issues.map((issue) => ({ ...issue, row, field: `${list}.${issue.field ?? ''}`, params: { ...issue.params, list } }));

const missing = (list: string, row: number, field: string, key: string): Issue => ({
  messageKey: 'fmea.link_unknown_end',
  row,
  field: `${list}.${field}`,
  params: { list, field, key },
});

/**
 * Checks an import against the project as it stands and turns it into rows
 * with new ids. Pure apart from `newId`: the service writes the rows.
 */
export interface ImportContext {
  rootId: string | null;
  projectType: ProjectType;
  modeRatios: readonly { functionId: string; frequencyRatio: number | null }[];
  /** PFMEA: the process numbers the project's steps hold already. */
  processNos?: readonly { id: string; processNo: string | null }[];
  /** PFMEA: isGenerateProcessNoRequired is on (a step without a number gets the next one). */
  generateProcessNo?: boolean;
  /** The project's characteristic classes (names) a customerClass may name. */
  customerClasses?: readonly string[];
  /** The highest sort of the characteristics each existing function holds, so imported ones go last. */
  characteristicSorts?: ReadonlyMap<string, number>;
}

export function planImport(existing: FmeaGraph, context: ImportContext, input: AnalysisImport, newId: () => string): ImportPlan {
  const { rootId, projectType } = context;
  const pfmea = kindOf(projectType).processModel;
  const msr = hasMsrSteps(kindOf(projectType));
  const issues: Issue[] = [];
  const ids: Record<string, string> = {};
  const existingIds = new Set([...existing.nodes, ...existing.functions, ...existing.failures].map((r) => r.id));
  /** A key of this import, an existing id of the project, or the root ('@root', or no parent key). */
  const idOf = (key: string | null | undefined): string | undefined => {
    if (key === null || key === undefined || key === ROOT_KEY) return rootId ?? undefined;
    return ids[key] ?? (existingIds.has(key) ? key : undefined);
  };
  const claim = (list: string, row: number, key: string) => {
    if (key in ids || key === ROOT_KEY) issues.push({ messageKey: 'fmea.import_duplicate_key', row, field: `${list}.key`, params: { list, key } });
    ids[key] = newId();
  };
  input.nodes?.forEach((n, i) => claim('nodes', i + 1, n.key));
  input.functions?.forEach((f, i) => claim('functions', i + 1, f.key));
  input.failures?.forEach((f, i) => claim('failures', i + 1, f.key));

  // Nodes: known types, names, parents that exist; parents before children.
  const nodes: ImportPlan['rows']['nodes'] = [];
  const graphNodes = [...existing.nodes];
  const pending = (input.nodes ?? []).map((n, i) => ({ n, row: i + 1 }));
  for (const { n, row } of pending) {
    try {
      assertChildNodeType(n.nodeType ?? NODE_TYPES.element);
    } catch (error) {
      if (!isDomainError(error)) throw error;
      issues.push({ messageKey: error.messageKey, row, field: 'nodes.nodeType', params: { ...error.params, list: 'nodes' } });
    }
    issues.push(...at('nodes', row, nodeIssues(n)));
    if (!idOf(n.parentKey)) issues.push(missing('nodes', row, 'parentKey', String(n.parentKey)));
  }
  const placed = new Set(existing.nodes.map((n) => n.id));
  const existingIndex = indexGraph(existing);
  const nextSorts = new Map<string, number>();
  const takeSort = (parentId: string) => {
    const sort = nextSorts.get(parentId) ?? nextChildSort(existingIndex, parentId);
    nextSorts.set(parentId, sort + 1);
    return sort;
  };
  // Parents before children, whatever the order of the input; what never gets placed has a parent cycle.
  for (let progress = true; progress; ) {
    progress = false;
    for (const { n } of pending) {
      const id = ids[n.key]!;
      const parentId = idOf(n.parentKey);
      if (placed.has(id) || !parentId || !placed.has(parentId)) continue;
      const sort = takeSort(parentId);
      const row = {
        id,
        parentId,
        nodeType: n.nodeType ?? NODE_TYPES.element,
        name: n.name?.trim?.() ?? '',
        sort,
        imageName: n.imageName ?? null,
        processNo: pfmea && typeof n.processNo === 'string' ? cleanProcessNo(n.processNo) : null,
        workElementType: pfmea ? (n.workElementType ?? null) : null,
      };
      nodes.push(row);
      graphNodes.push({ id, parentId, nodeType: row.nodeType, sort });
      placed.add(id);
      progress = true;
    }
  }
  pending.forEach(({ n, row }) => {
    if (!placed.has(ids[n.key]!) && idOf(n.parentKey)) issues.push({ messageKey: 'fmea.import_parent_cycle', row, field: 'nodes.parentKey', params: { list: 'nodes', key: n.key } });
  });

  const nodeIds = new Set(graphNodes.map((n) => n.id));
  const levelOf = processLevels(graphNodes);
  if (pfmea) issues.push(...processNodePlan(pending, ids, nodes, levelOf, context));
  else pending.forEach(({ n, row }) => issues.push(...at('nodes', row, processFieldsOutsidePfmeaIssues(n))));
  const nodeOfFunction = new Map(existing.functions.map((f) => [f.id, f.nodeId]));
  // new items go after what their owner holds already (the same as one by one); on new owners this is 1, 2, …
  const functionSorts = new Map<string, number>();
  for (const f of existing.functions) functionSorts.set(f.nodeId, Math.max(functionSorts.get(f.nodeId) ?? 0, f.sort));
  const functions = (input.functions ?? []).map((f, i) => {
    const nodeId = idOf(f.nodeKey);
    if (!nodeId || !nodeIds.has(nodeId)) issues.push(missing('functions', i + 1, 'nodeKey', f.nodeKey));
    issues.push(...at('functions', i + 1, functionIssues(f)));
    const level = nodeId ? levelOf(nodeId) : undefined;
    if (!pfmea) issues.push(...at('functions', i + 1, processFieldsOutsidePfmeaIssues(f)));
    else if (level) issues.push(...at('functions', i + 1, functionScopeIssues(level, f.functionScope)));
    nodeOfFunction.set(ids[f.key]!, nodeId ?? '');
    const functionScope = pfmea ? (f.functionScope ?? null) : null;
    return {
      id: ids[f.key]!,
      nodeId: nodeId ?? '',
      description: f.description?.trim?.() ?? '',
      requirement: f.requirement?.trim() || null,
      functionScope,
      sort: i + 1 + (functionSorts.get(nodeId ?? '') ?? 0),
    };
  });
  const functionIds = new Set([...existing.functions.map((f) => f.id), ...functions.map((f) => f.id)]);
  const fnId = (list: string, row: number, key: string) => {
    const id = idOf(key);
    if (!id || !functionIds.has(id)) issues.push(missing(list, row, 'functionKey', key));
    return id ?? '';
  };
  const characteristics = (input.characteristics ?? []).map((c, i) => {
    issues.push(...at('characteristics', i + 1, characteristicIssues(c)));
    const functionId = fnId('characteristics', i + 1, c.functionKey);
    const level = levelOf(nodeOfFunction.get(functionId) ?? '');
    if (!pfmea) issues.push(...at('characteristics', i + 1, processFieldsOutsidePfmeaIssues(c)));
    else if (level) issues.push(...at('characteristics', i + 1, characteristicKindIssues(level, c.characteristicKind)));
    const customerClass = matchCustomerClass(c.customerClass, context.customerClasses ?? []);
    issues.push(...at('characteristics', i + 1, customerClass.issues));
    const characteristicKind = pfmea && level ? characteristicKindOf(level) : null;
    return {
      id: newId(),
      functionId,
      name: c.name?.trim?.() ?? '',
      characteristicClass: c.characteristicClass,
      special: c.special ?? false,
      characteristicKind,
      customerClass: customerClass.value,
      sort: i + 1 + (context.characteristicSorts?.get(functionId) ?? 0),
    };
  });
  const interfaces = (input.interfaces ?? []).map((f, i) => {
    const [firstNodeId, secondNodeId] = [idOf(f.firstNodeKey), idOf(f.secondNodeKey)];
    if (!firstNodeId || !nodeIds.has(firstNodeId)) issues.push(missing('interfaces', i + 1, 'firstNodeKey', f.firstNodeKey));
    if (!secondNodeId || !nodeIds.has(secondNodeId)) issues.push(missing('interfaces', i + 1, 'secondNodeKey', f.secondNodeKey));
    issues.push(...at('interfaces', i + 1, interfaceIssues({ ...f, firstNodeId, secondNodeId })));
    return { id: newId(), firstNodeId: firstNodeId ?? '', secondNodeId: secondNodeId ?? '', interfaceType: f.interfaceType, description: f.description?.trim() || null };
  });
  const failures = (input.failures ?? []).map((f, i) => {
    issues.push(...at('failures', i + 1, [...failureIssues(f.kind, f), ...msrIssues(f.kind, f, msr)]));
    return {
      id: ids[f.key]!,
      functionId: fnId('failures', i + 1, f.functionKey),
      kind: f.kind,
      description: f.description?.trim?.() ?? '',
      severity: f.severity ?? null,
      occurrence: f.occurrence ?? null,
      detection: f.detection ?? null,
      frequencyRatio: f.frequencyRatio ?? null,
      msrFrequency: f.msrFrequency ?? null,
      msrMonitoring: f.msrMonitoring ?? null,
      msrSeverity: f.msrSeverity ?? null,
      msrEffect: typeof f.msrEffect === 'string' ? f.msrEffect.trim() || null : null,
      sort: i + 1,
    };
  });
  issues.push(...frequencyRatioIssues([...context.modeRatios, ...failures.filter((f) => f.kind === 'FM')]));

  // Links: the engine's rules on the project as it will be.
  const functionLinks = (input.functionLinks ?? []).map((l) => ({ id: newId(), higherFunctionId: idOf(l.higherKey) ?? l.higherKey, lowerFunctionId: idOf(l.lowerKey) ?? l.lowerKey }));
  const failureLinks = (input.failureLinks ?? []).map((l) => ({ id: newId(), higherFailureId: idOf(l.higherKey) ?? l.higherKey, lowerFailureId: idOf(l.lowerKey) ?? l.lowerKey }));
  const combined = indexGraph({
    ...existing,
    nodes: graphNodes,
    functions: [...existing.functions, ...functions],
    functionLinks: [...existing.functionLinks, ...functionLinks.map((l) => ({ id: l.id, higherId: l.higherFunctionId, lowerId: l.lowerFunctionId }))],
    failures: [...existing.failures, ...failures],
  });
  const seen = new Set([...existing.functionLinks, ...existing.failureLinks].map((l) => `${l.higherId}>${l.lowerId}`));
  const linkIssue = (list: string, row: number, refusal: string | null, pair: string) => {
    if (refusal) issues.push({ messageKey: refusal, row, field: list, params: { list } });
    else if (seen.has(pair)) issues.push({ messageKey: 'fmea.link_duplicate', row, field: list, params: { list } });
    seen.add(pair);
  };
  functionLinks.forEach((l, i) => linkIssue('functionLinks', i + 1, functionLinkRefusal(combined, l.higherFunctionId, l.lowerFunctionId), `${l.higherFunctionId}>${l.lowerFunctionId}`));
  failureLinks.forEach((l, i) => linkIssue('failureLinks', i + 1, failureLinkRefusal(combined, l.higherFailureId, l.lowerFailureId), `${l.higherFailureId}>${l.lowerFailureId}`));

  const causeOf = (list: string, row: number, key: string) => {
    const id = idOf(key);
    const cause = id ? combined.failure.get(id) : undefined;
    if (!cause) issues.push(missing(list, row, 'causeKey', key));
    return { id: id ?? '', kind: cause?.kind ?? 'FC' };
  };
  const controls = (input.controls ?? []).map((c, i) => {
    const cause = causeOf('controls', i + 1, c.causeKey);
    issues.push(...at('controls', i + 1, controlIssues(cause.kind, c, { msr })));
    return { id: newId(), causeId: cause.id, kind: c.kind, description: c.description?.trim?.() ?? '', sort: i + 1 };
  });
  const actions = (input.actions ?? []).map((a, i) => {
    const cause = causeOf('actions', i + 1, a.causeKey);
    const status = a.status ?? 'open';
    issues.push(...at('actions', i + 1, [...actionCauseIssues(cause.kind), ...actionIssues(a, { msr })]));
    if (!ACTION_STATUSES.includes(status)) issues.push({ messageKey: 'fmea.value_invalid', row: i + 1, field: 'actions.status', params: { list: 'actions', field: 'status', value: String(status) } });
    issues.push(...at('actions', i + 1, completionIssues({ status, actionTaken: a.actionTaken ?? null, completionDate: a.completionDate ?? null })));
    const { causeKey: _key, ...fields } = a;
    return { ...fields, id: newId(), causeId: cause.id, status, description: a.description?.trim?.() ?? '', sort: i + 1 };
  });
  const items = rootId ? (combined.children.get(rootId) ?? []).length : 0;
  if (kindOf(projectType).singleItem && items > 1) issues.push({ messageKey: 'fmea.family_one_item', field: 'nodes', params: { count: items } });

  return { issues, ids, rows: { nodes, functions, characteristics, interfaces, failures, functionLinks, failureLinks, controls, actions } };
}

/** The process level of any node of the project as it will be (undefined when unknown or too deep). */
function processLevels(nodes: readonly { id: string; parentId: string | null }[]): (nodeId: string) => ProcessLevel | undefined {
  const index = { node: new Map(nodes.map((n) => [n.id, n])) };
  return (nodeId) => {
    const depth = nodeDepth(index, nodeId);
    return depth === undefined ? undefined : processLevelAt(depth);
  };
}

/**
 * A PFMEA's imported nodes: each at a level the process tree has, with the
 * fields of that level; process numbers unique among the project's steps (a
 * repeat within the import is refused on its later row); steps without a
 * number get the next ones when the rule flag asks for it, after every number
 * given, in the order of the rows.
 */
function processNodePlan(
  pending: readonly { n: NonNullable<AnalysisImport['nodes']>[number]; row: number }[],
  ids: Record<string, string>,
  rows: ImportPlan['rows']['nodes'],
  levelOf: (nodeId: string) => ProcessLevel | undefined,
  context: ImportContext,
): Issue[] {
  const issues: Issue[] = [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const held = new Map((context.processNos ?? []).filter((s) => s.processNo !== null).map((s) => [processNoKey(s.processNo!), s.id]));
  const unnumbered: { processNo?: string | null }[] = [];
  for (const { n, row } of pending) {
    const planned = byId.get(ids[n.key]!);
    if (!planned) continue;
    const level = levelOf(planned.id);
    if (!level) {
      issues.push({ messageKey: 'pfmea.tree_too_deep', row, field: 'nodes.parentKey', params: { list: 'nodes', max: PROCESS_TREE_MAX_DEPTH } });
      continue;
    }
    issues.push(...at('nodes', row, processNodeIssues(level, n)));
    if (level !== 'step') continue;
    if (!planned.processNo) {
      unnumbered.push(planned);
      continue;
    }
    const key = processNoKey(planned.processNo);
    if (held.has(key)) issues.push({ messageKey: 'pfmea.process_no_taken', row, field: 'nodes.processNo', params: { list: 'nodes', field: 'processNo', value: planned.processNo } });
    else held.set(key, planned.id);
  }
  if (context.generateProcessNo) {
    const used = [...held.keys()];
    for (const step of unnumbered) {
      const processNo = nextProcessNo(used);
      step.processNo = processNo;
      used.push(processNo);
    }
  }
  return issues;
}
