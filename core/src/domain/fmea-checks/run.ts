import type { ApLevel } from '../ap/index.ts';
import type { ActionStatus } from '../fmea/actions.ts';
import type { CharacteristicClass, ControlKind, FailureKind } from '../fmea/vocabulary.ts';
import { FMEA_CHECK_CODES, FMEA_CHECK_STEPS, FMEA_CHECKS, type FmeaCheckCode, type FmeaCheckSeverity, type FmeaCheckStep } from './checks.ts';
import { kindOf } from '../fmea/kinds.ts';
import { checkLevel, readRules } from '../rules/read.ts';

/**
 * The plain analysis the checks read: a projection of the loaded graph
 * (core/src/services/fmea/graph-load.ts) with the few texts, ratings and
 * statuses the checks need. Optional parts switch the checks reading them:
 * `controlPlanCharacteristicIds` only for a PFMEA, `dvp` only once a DVP
 * exists, `english` / `useTypes` only while their required rule is on.
 */
export interface CheckNode {
  readonly id: string;
  /** Null for the root (the product or process item): it is not checked, an empty project has no finding. */
  readonly parentId: string | null;
  readonly name: string;
}

export interface CheckFunction {
  readonly id: string;
  readonly nodeId: string;
  readonly description: string;
  /** The English wording (the cited catalog record's); null when there is none. */
  readonly english?: string | null;
}

export interface CheckCharacteristic {
  readonly id: string;
  readonly functionId: string;
  readonly name: string;
  readonly characteristicClass: CharacteristicClass;
  readonly special: boolean;
}

export interface CheckFailure {
  readonly id: string;
  readonly functionId: string;
  readonly kind: FailureKind;
  readonly description: string;
  readonly severity: number | null;
  readonly occurrence: number | null;
  readonly detection: number | null;
  readonly english?: string | null;
  /** The failure use types (the cited record's `invalidUseType`); empty or null when none. */
  readonly useTypes?: readonly string[] | null;
}

export interface CheckLink {
  readonly higherId: string;
  readonly lowerId: string;
}

export interface CheckControl {
  readonly id: string;
  readonly causeId: string;
  readonly kind: ControlKind;
  readonly description: string;
  readonly english?: string | null;
}

export interface CheckAction {
  readonly id: string;
  readonly causeId: string;
  readonly description: string;
  readonly status: ActionStatus;
  /** Planned completion date, YYYY-MM-DD. */
  readonly targetDate: string | null;
  readonly raSeverity: number | null;
  readonly raOccurrence: number | null;
  readonly raDetection: number | null;
}

export interface FmeaCheckInput {
  readonly project: { readonly id: string; readonly serialNum: string; readonly responsibleUserId: string | null; readonly projectType?: string };
  /** The team's members and their roles (role 0: responsible person). */
  readonly members: readonly { readonly userId: string; readonly roles: readonly number[] }[];
  /** The structure nodes (any order the caller wants findings in); absent: the structure is not checked. */
  readonly nodes?: readonly CheckNode[];
  readonly functions: readonly CheckFunction[];
  readonly characteristics: readonly CheckCharacteristic[];
  readonly failures: readonly CheckFailure[];
  readonly failureLinks: readonly CheckLink[];
  readonly controls: readonly CheckControl[];
  readonly actions: readonly CheckAction[];
  /** PFMEA only: the characteristics some control plan line (any phase) controls. */
  readonly controlPlanCharacteristicIds?: readonly string[];
  /** Only where a DVP exists: the detection controls a DVP test verifies. */
  readonly dvp?: { readonly testedControlIds: readonly string[] };
  /** The business rule flags by name (the `report` group, EnglishRequiredRuleFlag, failureToUseRequired); a missing check flag means its default. */
  readonly rules: Readonly<Record<string, string>>;
  /** Today, YYYY-MM-DD (the caller's clock). */
  readonly today: string;
  /** The project's AP table. */
  readonly apOf: (s: number, o: number, d: number) => ApLevel;
  /**
   * FMEA-MSR, for a kind with the MSR steps only (docs/domain/msr.md): each
   * cause's F and M, its monitoring and response actions and the MSR rule
   * table (F in the o, M in the d place). Absent: the MSR checks do not run.
   */
  readonly msr?: {
    readonly ratings: ReadonlyMap<string, { readonly frequency: number | null; readonly monitoring: number | null }>;
    readonly actions: readonly CheckAction[];
    readonly apOf: (s: number, f: number, m: number) => ApLevel;
  };
}

export type FmeaCheckTargetKind = 'project' | 'node' | 'function' | 'characteristic' | 'failure' | 'control' | 'action';

export interface FmeaCheckFinding {
  readonly code: FmeaCheckCode;
  readonly severity: FmeaCheckSeverity;
  readonly step: FmeaCheckStep;
  /** What to open: the item, and the structure node it sits on (null for the project header). */
  readonly target: { readonly kind: FmeaCheckTargetKind; readonly id: string; readonly nodeId: string | null };
  readonly params: Readonly<Record<string, string | number>>;
}

/** The severity a check runs with under the rules, or null when it is switched off. */
export function checkSeverity(code: FmeaCheckCode, rules: Readonly<Record<string, string>>): FmeaCheckSeverity | null {
  const level = checkLevel(rules, FMEA_CHECKS[code].flag);
  return level === 'off' ? null : level;
}

const blank = (text: string | null | undefined) => !text || text.trim() === '';
const STEP_RANK = new Map(FMEA_CHECK_STEPS.map((s, i) => [s, i]));
const CODE_RANK = new Map(FMEA_CHECK_CODES.map((c, i) => [c, i]));

/**
 * Runs every check switched on and returns the findings, earlier steps first
 * (spec: "unfinished earlier steps block an operation"), then by check, then
 * in the order the analysis lists the items. Linear in the size of the
 * analysis: maps built once, no search per row (20,000 chains in well under
 * a second).
 */
export function runFmeaChecks(input: FmeaCheckInput): FmeaCheckFinding[] {
  const findings: FmeaCheckFinding[] = [];
  const rules = readRules(input.rules);
  const severityOf = new Map(FMEA_CHECK_CODES.map((c) => [c, checkSeverity(c, input.rules)]));
  const add = (code: FmeaCheckCode, target: FmeaCheckFinding['target'], params: FmeaCheckFinding['params'], step: FmeaCheckStep = FMEA_CHECKS[code].step) => {
    const severity = severityOf.get(code);
    if (severity) findings.push({ code, severity, step, target, params });
  };
  const on = (code: FmeaCheckCode) => severityOf.get(code) !== null;

  const nodeOfFunction = new Map(input.functions.map((f) => [f.id, f.nodeId]));
  const failureById = new Map(input.failures.map((f) => [f.id, f]));
  const nodeOfFailure = (id: string) => nodeOfFunction.get(failureById.get(id)?.functionId ?? '') ?? null;

  // Planning: the team needs its responsible person (role 0) before anyone can answer for the document.
  const hasResponsible = input.project.responsibleUserId !== null || input.members.some((m) => m.roles.includes(0));
  if (!hasResponsible) add('team_responsible_missing', { kind: 'project', id: input.project.id, nodeId: null }, { project: input.project.serialNum });

  // The failure net, read once: effects above each mode, modes above each cause.
  const effectsOfMode = new Map<string, CheckFailure[]>();
  const modesOfCause = new Map<string, CheckFailure[]>();
  const causesOfMode = new Map<string, number>();
  for (const link of input.failureLinks) {
    const higher = failureById.get(link.higherId);
    const lower = failureById.get(link.lowerId);
    if (!higher || !lower) continue;
    if (higher.kind === 'FE' && lower.kind === 'FM') push(effectsOfMode, lower.id, higher);
    else if (higher.kind === 'FM' && lower.kind === 'FC') {
      push(modesOfCause, lower.id, higher);
      causesOfMode.set(higher.id, (causesOfMode.get(higher.id) ?? 0) + 1);
    }
  }

  // Structure: a family FMEA is one item its variants inherit (spec 001 §5 "family FMEA must hold exactly one item").
  if (input.nodes && input.project.projectType !== undefined && kindOf(input.project.projectType).singleItem) {
    const root = input.nodes.find((n) => n.parentId === null);
    const items = root ? input.nodes.filter((n) => n.parentId === root.id).length : 0;
    if (items !== 1) add('family_item_count', { kind: 'node', id: root?.id ?? input.project.id, nodeId: root?.id ?? null }, { count: items });
  }

  // Structure: an element below the root no function is analysed for ends the analysis there.
  if (input.nodes && on('node_without_function')) {
    const withFunction = new Set(input.functions.map((f) => f.nodeId));
    for (const n of input.nodes) if (n.parentId !== null && !withFunction.has(n.id)) add('node_without_function', { kind: 'node', id: n.id, nodeId: n.id }, { name: n.name });
  }

  // Functions: one that no failure is analysed for is an orphan of the function analysis.
  if (on('function_without_failure')) {
    const analysed = new Set(input.failures.map((f) => f.functionId));
    for (const f of input.functions) if (!analysed.has(f.id)) add('function_without_failure', { kind: 'function', id: f.id, nodeId: f.nodeId }, { name: f.description });
  }

  // English names, while the required rule asks for them: the step is the item's.
  if (rules.englishRequired && on('english_missing')) {
    for (const f of input.functions) if (f.english !== undefined && blank(f.english)) add('english_missing', { kind: 'function', id: f.id, nodeId: f.nodeId }, { name: f.description }, 'function');
    for (const f of input.failures) if (f.english !== undefined && blank(f.english)) add('english_missing', { kind: 'failure', id: f.id, nodeId: nodeOfFunction.get(f.functionId) ?? null }, { name: f.description }, 'failure');
    for (const c of input.controls) if (c.english !== undefined && blank(c.english)) add('english_missing', { kind: 'control', id: c.id, nodeId: nodeOfFailure(c.causeId) }, { name: c.description }, 'risk');
  }

  for (const f of input.failures) {
    const target = { kind: 'failure' as const, id: f.id, nodeId: nodeOfFunction.get(f.functionId) ?? null };
    if (f.kind === 'FM' && !causesOfMode.has(f.id)) add('mode_without_cause', target, { name: f.description });
    if (f.kind === 'FM' && !effectsOfMode.has(f.id)) add('mode_without_effect', target, { name: f.description });
    if (f.kind === 'FC' && !modesOfCause.has(f.id)) add('cause_orphan', target, { name: f.description });
    if (rules.failureUseTypeRequired && f.useTypes !== undefined && (!f.useTypes || f.useTypes.length === 0)) add('use_type_missing', target, { name: f.description });
  }

  // Risk: every chain of a cause rated, and its AP; the cause's worst AP decides the optimisation checks.
  const actionsOfCause = new Map<string, CheckAction[]>();
  for (const a of input.actions) push(actionsOfCause, a.causeId, a);
  for (const cause of input.failures) {
    if (cause.kind !== 'FC') continue;
    const modes = modesOfCause.get(cause.id);
    if (!modes) continue;
    const missing = new Set<string>();
    if (cause.occurrence === null) missing.add('O');
    if (cause.detection === null) missing.add('D');
    let high = false;
    for (const mode of modes) {
      const effects = effectsOfMode.get(mode.id) ?? [];
      if (effects.length === 0) missing.add('S');
      for (const effect of effects) {
        if (effect.severity === null) missing.add('S');
        else if (cause.occurrence !== null && cause.detection !== null && input.apOf(effect.severity, cause.occurrence, cause.detection) === 'H') high = true;
      }
    }
    const target = { kind: 'failure' as const, id: cause.id, nodeId: nodeOfFunction.get(cause.functionId) ?? null };
    if (missing.size > 0) add('rating_missing', target, { name: cause.description, ratings: ['S', 'O', 'D'].filter((r) => missing.has(r)).join('/') });
    // An H row needs an action that is open or done; "not implemented" leaves the risk where it was.
    if (high && !(actionsOfCause.get(cause.id) ?? []).some((a) => a.status !== 'notImplemented')) add('high_without_action', target, { name: cause.description, ap: 'H' });
  }

  // FMEA-MSR: every cause of the MSR form (one a mode names) rated F and M; an MSR AP H needs a monitoring or response action, as an H row does.
  if (input.msr) {
    const msrActions = new Map<string, CheckAction[]>();
    for (const a of input.msr.actions) push(msrActions, a.causeId, a);
    for (const cause of input.failures) {
      const modes = cause.kind === 'FC' ? modesOfCause.get(cause.id) : undefined;
      if (!modes) continue;
      const { frequency = null, monitoring = null } = input.msr.ratings.get(cause.id) ?? {};
      const target = { kind: 'failure' as const, id: cause.id, nodeId: nodeOfFunction.get(cause.functionId) ?? null };
      const missing = [frequency === null ? 'F' : null, monitoring === null ? 'M' : null].filter((r) => r !== null);
      if (missing.length > 0) add('msr_rating_missing', target, { name: cause.description, ratings: missing.join('/') });
      // S is the cause's most severe original effect, as the MSR form rates it
      const severities = modes.flatMap((m) => (effectsOfMode.get(m.id) ?? []).map((e) => e.severity)).filter((v): v is number => v !== null);
      if (severities.length === 0 || frequency === null || monitoring === null) continue;
      if (input.msr.apOf(Math.max(...severities), frequency, monitoring) === 'H' && !(msrActions.get(cause.id) ?? []).some((a) => a.status !== 'notImplemented')) {
        add('msr_high_without_action', target, { name: cause.description, ap: 'H' });
      }
    }
  }

  // PFMEA: a special characteristic (CC or SC) must be carried into the control plan.
  if (input.controlPlanCharacteristicIds && on('special_without_control_plan')) {
    const lined = new Set(input.controlPlanCharacteristicIds);
    for (const c of input.characteristics) {
      const planClass = c.characteristicClass === 'safety' || c.characteristicClass === 'critical' ? 'CC' : c.characteristicClass === 'significant' || c.special ? 'SC' : null;
      if (planClass && !lined.has(c.id)) add('special_without_control_plan', { kind: 'characteristic', id: c.id, nodeId: nodeOfFunction.get(c.functionId) ?? null }, { name: c.name, planClass });
    }
  }

  // Only where a DVP exists: each detection control should be verified by a test of it.
  if (input.dvp && on('detection_without_dvp')) {
    const tested = new Set(input.dvp.testedControlIds);
    for (const c of input.controls) if (c.kind === 'detection' && !tested.has(c.id)) add('detection_without_dvp', { kind: 'control', id: c.id, nodeId: nodeOfFailure(c.causeId) }, { name: c.description });
  }

  // Actions: the DFMEA's (prevention, detection) in the optimisation step; FMEA-MSR's monitoring and
  // response actions, whose after-ratings S/F/M sit in the same columns, in the MSR optimisation step.
  const checkActions = (actions: readonly CheckAction[], step: FmeaCheckStep, ratings: string) => {
    for (const a of actions) {
      const target = { kind: 'action' as const, id: a.id, nodeId: nodeOfFailure(a.causeId) };
      if (a.status === 'completed' && a.raSeverity === null && a.raOccurrence === null && a.raDetection === null) add('completed_without_rerating', target, { name: a.description, ratings }, step);
      if (a.status !== 'notImplemented' && blank(a.targetDate)) add('target_date_missing', target, { name: a.description }, step);
      else if ((a.status === 'open' || a.status === 'decisionPending' || a.status === 'implementationPending') && a.targetDate! < input.today) {
        add('action_overdue', target, { name: a.description, targetDate: a.targetDate! }, step);
      }
    }
  };
  checkActions(input.actions, 'optimization', 'S/O/D');
  if (input.msr) checkActions(input.msr.actions, 'msrOptimization', 'S/F/M');

  // Stable sort: within a check the items keep the analysis's order.
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => STEP_RANK.get(a.f.step)! - STEP_RANK.get(b.f.step)! || CODE_RANK.get(a.f.code)! - CODE_RANK.get(b.f.code)! || a.i - b.i)
    .map(({ f }) => f);
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export interface FmeaCheckCounts {
  readonly errors: number;
  readonly warnings: number;
}

export function countFindings(findings: readonly FmeaCheckFinding[]): FmeaCheckCounts {
  let errors = 0;
  for (const f of findings) if (f.severity === 'error') errors++;
  return { errors, warnings: findings.length - errors };
}
