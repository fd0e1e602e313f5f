import type { Issue } from '../../errors.ts';
import type { ApLevel, ApLookup } from '../ap/index.ts';
import { residualRatings, type ActionStatus } from './actions.ts';
import { failureOrder } from './chains.ts';
import { bySortThenId, indexGraph } from './graph.ts';
import { fieldIssue, optionalText, ratingIssues } from './fields.ts';
import type { FmeaKind } from './kinds.ts';
import { isMsrControlKind, type AnyControlKind, type ControlKind, type FailureKind, type MsrControlKind } from './vocabulary.ts';

/**
 * FMEA-MSR, the supplement for monitoring and system response (AIAG & VDA
 * 2019): on each failure cause of a design FMEA, the frequency F of the cause
 * in the field, the current diagnostic monitoring and system response (controls
 * of the kinds `monitoring` and `response`), the most severe failure effect
 * after the system response with its severity, and the monitoring rating M.
 * The MSR AP reads S (the cause's most severe original effect), F and M
 * through the MSR rule table, F in the o and M in the d place
 * (docs/domain/msr.md).
 */

/** Whether a kind's projects have the three MSR steps (the kind record decides, never the type's name). */
export const hasMsrSteps = (kind: Pick<FmeaKind, 'steps'>): boolean => kind.steps.includes('msrRiskAnalysis');

/** The MSR fields of a cause as a request names them. */
export interface MsrFields {
  readonly msrFrequency?: unknown;
  readonly msrMonitoring?: unknown;
  readonly msrSeverity?: unknown;
  readonly msrEffect?: unknown;
}

const given = (value: unknown) => value !== null && value !== undefined;

/** The MSR ratings 1–10 and the effect text (200 characters at most), on a cause of a project with MSR steps only. */
export function msrIssues(causeKind: FailureKind, fields: MsrFields, projectHasMsr: boolean): Issue[] {
  const issues: Issue[] = [];
  const named = (['msrFrequency', 'msrMonitoring', 'msrSeverity', 'msrEffect'] as const).filter((f) => given(fields[f]));
  if (named.length > 0 && !projectHasMsr) return [fieldIssue('fmea.msr_not_in_project', named[0]!)];
  if (causeKind !== 'FC') {
    for (const field of named) issues.push(fieldIssue('fmea.rating_on_cause_only', field, { kind: causeKind }));
    return issues;
  }
  issues.push(...ratingIssues(fields.msrFrequency, 'msrFrequency'));
  issues.push(...ratingIssues(fields.msrMonitoring, 'msrMonitoring'));
  issues.push(...ratingIssues(fields.msrSeverity, 'msrSeverity'));
  issues.push(...optionalText(fields.msrEffect, 'msrEffect'));
  return issues;
}

/** A monitoring or response control or action belongs to a project whose kind has the MSR steps. */
export function msrKindIssues(kind: unknown, projectHasMsr: boolean, field = 'kind'): Issue[] {
  return isMsrControlKind(kind) && !projectHasMsr ? [fieldIssue('fmea.msr_not_in_project', field)] : [];
}

/** The DFMEA's own controls or actions of a list that holds MSR ones too (the DFMEA steps, its grid and form show these only). */
export const dfmeaOnly = <T extends { readonly kind: AnyControlKind }>(rows: readonly T[]): (T & { readonly kind: ControlKind })[] =>
  rows.filter((r): r is T & { readonly kind: ControlKind } => !isMsrControlKind(r.kind));

/** The MSR controls or actions of a list. */
export const msrOnly = <T extends { readonly kind: AnyControlKind }>(rows: readonly T[]): (T & { readonly kind: MsrControlKind })[] =>
  rows.filter((r): r is T & { readonly kind: MsrControlKind } => isMsrControlKind(r.kind));

/** The rows of a project's tables the MSR form is built from (extra columns are ignored). */
export interface MsrTables {
  readonly nodes: readonly { readonly id: string; readonly parentId: string | null; readonly nodeType: number; readonly name: string; readonly sort: number }[];
  readonly functions: readonly { readonly id: string; readonly nodeId: string; readonly description: string; readonly sort: number }[];
  readonly failures: readonly {
    readonly id: string;
    readonly functionId: string;
    readonly kind: FailureKind;
    readonly description: string;
    readonly severity: number | null;
    readonly msrFrequency: number | null;
    readonly msrMonitoring: number | null;
    readonly msrSeverity: number | null;
    readonly msrEffect: string | null;
    readonly version: number;
    readonly sort: number;
  }[];
  readonly failureLinks: readonly { readonly higherFailureId: string; readonly lowerFailureId: string }[];
  readonly controls: readonly { readonly id: string; readonly causeId: string; readonly kind: AnyControlKind; readonly description: string; readonly version: number; readonly sort: number }[];
  readonly actions: readonly {
    readonly id: string;
    readonly causeId: string;
    readonly kind: AnyControlKind;
    readonly description: string;
    readonly responsibleUserId: string | null;
    readonly targetDate: string | null;
    readonly status: ActionStatus;
    readonly actionTaken: string | null;
    readonly completionDate: string | null;
    readonly raSeverity: number | null;
    readonly raOccurrence: number | null;
    readonly raDetection: number | null;
    readonly version: number;
    readonly sort: number;
  }[];
}

export interface MsrControl {
  readonly id: string;
  readonly version: number;
  readonly kind: MsrControlKind;
  readonly description: string;
}

/** An MSR optimisation action; its after-ratings are stored in the re-rating columns: S after the system response in S, F in O, M in D. */
export interface MsrAction extends MsrControl {
  readonly responsibleUserId: string | null;
  readonly targetDate: string | null;
  readonly status: ActionStatus;
  readonly actionTaken: string | null;
  readonly completionDate: string | null;
  readonly severityAfter: number | null;
  readonly frequencyAfter: number | null;
  readonly monitoringAfter: number | null;
}

/** One row of the MSR form: a failure cause with its modes, its most severe original effect and its MSR ratings. */
export interface MsrRow {
  readonly causeId: string;
  readonly version: number;
  readonly elementName: string;
  readonly functionDescription: string;
  readonly cause: string;
  readonly modes: readonly string[];
  /** The most severe effect of the cause's modes (step 4), whose S the MSR AP reads; null without a rated effect. */
  readonly effect: string | null;
  readonly severity: number | null;
  readonly frequency: number | null;
  readonly monitoring: number | null;
  /** The most severe failure effect after the system response, and its severity. */
  readonly effectAfterResponse: string | null;
  readonly severityAfterResponse: number | null;
  readonly monitoringControls: readonly MsrControl[];
  readonly responseControls: readonly MsrControl[];
  /** null until S, F and M are all rated. */
  readonly ap: ApLevel | null;
  readonly actions: readonly MsrAction[];
  /** After the actions (completed or planned, not those not implemented): each rating from the last action that gives it, else the current one. */
  readonly after: { readonly severityAfterResponse: number | null; readonly frequency: number | null; readonly monitoring: number | null; readonly ap: ApLevel | null } | null;
}

const apOf = (lookup: ApLookup, s: number | null, f: number | null, m: number | null): ApLevel | null =>
  s !== null && f !== null && m !== null ? lookup(s, f, m) : null;

/**
 * The MSR form's rows: one per failure cause that some mode names (FM → FC
 * link), in structure order (the cause's node in the tree, its function, its sort). S is the highest
 * severity among the effects of the modes the cause leads to; `lookup` is the
 * MSR rule table compiled (`apEvaluator(db, 'msr')`).
 */
export function msrRowsOf(tables: MsrTables, lookup: ApLookup): MsrRow[] {
  const failure = new Map(tables.failures.map((f) => [f.id, f]));
  const fn = new Map(tables.functions.map((f) => [f.id, f]));
  const node = new Map(tables.nodes.map((n) => [n.id, n]));
  const up = new Map<string, string[]>();
  for (const link of tables.failureLinks) {
    const list = up.get(link.lowerFailureId);
    if (list) list.push(link.higherFailureId);
    else up.set(link.lowerFailureId, [link.higherFailureId]);
  }
  const byCause = <T extends { causeId: string; sort: number; id: string }>(rows: readonly T[]) => {
    const out = new Map<string, T[]>();
    for (const row of [...rows].sort(bySortThenId)) out.set(row.causeId, [...(out.get(row.causeId) ?? []), row]);
    return out;
  };
  const controls = byCause(msrOnly(tables.controls));
  const actions = byCause(msrOnly(tables.actions));
  const causes = tables.failures.filter((f) => f.kind === 'FC' && (up.get(f.id) ?? []).some((id) => failure.get(id)?.kind === 'FM'));
  const index = indexGraph({ nodes: tables.nodes, functions: tables.functions, functionLinks: [], characteristics: [], interfaces: [], failures: tables.failures, failureLinks: [], controls: [], actions: [] });
  causes.sort(failureOrder(index));
  return causes.map((cause) => {
    const modes = (up.get(cause.id) ?? []).map((id) => failure.get(id)).filter((m): m is NonNullable<typeof m> => m?.kind === 'FM');
    const effects = modes.flatMap((m) => (up.get(m.id) ?? []).map((id) => failure.get(id)).filter((e): e is NonNullable<typeof e> => e?.kind === 'FE'));
    const worst = effects.reduce<(typeof effects)[number] | null>((best, e) => (e.severity !== null && (best === null || e.severity > (best.severity ?? 0)) ? e : best), null);
    const f = fn.get(cause.functionId);
    const own = controls.get(cause.id) ?? [];
    const control = (c: (typeof own)[number]): MsrControl => ({ id: c.id, version: c.version, kind: c.kind, description: c.description });
    const rowActions = (actions.get(cause.id) ?? []).map(
      (a): MsrAction => ({
        id: a.id,
        version: a.version,
        kind: a.kind,
        description: a.description,
        responsibleUserId: a.responsibleUserId,
        targetDate: a.targetDate,
        status: a.status,
        actionTaken: a.actionTaken,
        completionDate: a.completionDate,
        severityAfter: a.raSeverity,
        frequencyAfter: a.raOccurrence,
        monitoringAfter: a.raDetection,
      }),
    );
    const severity = worst?.severity ?? null;
    const residual = residualRatings({ severity: cause.msrSeverity, occurrence: cause.msrFrequency, detection: cause.msrMonitoring }, actions.get(cause.id) ?? []);
    return {
      causeId: cause.id,
      version: cause.version,
      elementName: (f && node.get(f.nodeId)?.name) ?? '',
      functionDescription: f?.description ?? '',
      cause: cause.description,
      modes: modes.map((m) => m.description),
      effect: worst?.description ?? null,
      severity,
      frequency: cause.msrFrequency,
      monitoring: cause.msrMonitoring,
      effectAfterResponse: cause.msrEffect,
      severityAfterResponse: cause.msrSeverity,
      monitoringControls: own.filter((c) => c.kind === 'monitoring').map(control),
      responseControls: own.filter((c) => c.kind === 'response').map(control),
      ap: apOf(lookup, severity, cause.msrFrequency, cause.msrMonitoring),
      actions: rowActions,
      after: residual && {
        severityAfterResponse: residual.raseverity,
        frequency: residual.raoccurrence,
        monitoring: residual.radet,
        ap: apOf(lookup, severity, residual.raoccurrence, residual.radet),
      },
    };
  });
}
