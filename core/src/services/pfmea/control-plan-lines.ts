import { and, eq, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { controlPlanLine, controlPlanLineControl } from '../../db/schema/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { optionalText } from '../../domain/fmea/fields.ts';
import { sortIssues } from '../../domain/fmea/index.ts';
import {
  basisOf,
  indexControlPlanModel,
  ownControlText,
  pfmeaControlText,
  readBasis,
  storeBasis,
  specialClassText,
  type ControlPlanBasis,
  type ControlPlanModel,
} from '../../domain/pfmea/index.ts';
import type { ControlPlanMessageKey } from '../../domain/pfmea/control-plan-messages.ts';
import type { ControlPlanPhase } from '../../domain/pfmea/vocabulary.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, created, nextVersion, updatedOrStale } from '../fmea/access.ts';
import { assertPhase, editableProcessProject, ensurePlan, findLine, lineViews } from './control-plan.ts';
import { loadControlPlanModel, type ControlPlanLineRow } from './control-plan-read.ts';
import type { ControlPlanLineView } from './control-plan-view.ts';

/**
 * Editing a plan's lines. A line's own columns (number, specification,
 * sample, frequency, reaction plan, and its own control method or evaluation
 * technique where it says something else than the PFMEA) are the team's; a
 * linked line reads step, machine, characteristic and class from the PFMEA,
 * so those are changed there. Every save names the version it read.
 */

/** The columns only a line that is not linked holds itself; a linked line reads them from the PFMEA. */
export const PFMEA_HELD_FIELDS = ['processNo', 'processName', 'machine', 'productCharacteristic', 'processCharacteristic', 'specialClass'] as const;
/** The columns every line holds itself. */
export const OWN_FIELDS = ['characteristicNo', 'specification', 'evaluationTechnique', 'sampleSize', 'sampleFrequency', 'controlMethod', 'reactionPlan'] as const;
export type LineField = (typeof PFMEA_HELD_FIELDS)[number] | (typeof OWN_FIELDS)[number];
export type LineTexts = Partial<Record<LineField, string | null>>;

const FIELDS: readonly LineField[] = [...PFMEA_HELD_FIELDS, ...OWN_FIELDS];

/** Texts of at most 200 characters; on a linked line, none of the PFMEA's columns. */
export function lineTextIssues(input: LineTexts, linked: boolean): Issue[] {
  const issues: Issue[] = [];
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (linked && (PFMEA_HELD_FIELDS as readonly string[]).includes(field)) {
      issues.push({ messageKey: 'controlPlan.column_from_pfmea' satisfies ControlPlanMessageKey, field, params: { field } });
    } else issues.push(...optionalText(value, field));
  }
  return issues;
}

const blankToNull = (value: string | null | undefined) => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The row columns for the texts given (evaluation technique is the measurement_technique column). */
function columnsOf(input: LineTexts, current: ControlPlanBasis | null): Partial<ControlPlanLineRow> {
  const out: Record<string, string | null> = {};
  for (const field of FIELDS) {
    if (input[field] === undefined) continue;
    const value = input[field];
    if (field === 'controlMethod') out.controlMethod = current ? ownControlText(value, current, 'controlMethod') : blankToNull(value);
    else if (field === 'evaluationTechnique') out.measurementTechnique = current ? ownControlText(value, current, 'evaluationTechnique') : blankToNull(value);
    else out[field] = blankToNull(value);
  }
  return out as Partial<ControlPlanLineRow>;
}

async function viewOf(tx: Tx, row: ControlPlanLineRow, model: ControlPlanModel): Promise<ControlPlanLineView> {
  return (await lineViews(tx, [row], model))[0]!;
}

async function citeControls(tx: Tx, line: { id: string; projectId: string }, basis: ControlPlanBasis | null): Promise<void> {
  await tx.delete(controlPlanLineControl).where(eq(controlPlanLineControl.lineId, line.id));
  const rows = (basis?.controls ?? []).map((c) => ({ lineId: line.id, controlId: c.id, projectId: line.projectId }));
  if (rows.length > 0) await tx.insert(controlPlanLineControl).values(rows);
}

/** Changes a line's own columns (a blank text clears one). */
export async function saveControlPlanLine(ctx: ServiceContext, lineId: string, input: LineTexts & { version: number; sort?: number }): Promise<ControlPlanLineView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findLine(tx, lineId);
    await editableProcessProject(tx, txCtx, before.projectId, 'edit');
    const stored = readBasis(before.basis);
    const issues = [...lineTextIssues(input, stored !== null), ...sortIssues(input.sort)];
    if (issues.length > 0) throw new InvalidInputError('validation.failed', {}, issues);
    assertVersion(before, input.version, 'control_plan_line');
    const model = await loadControlPlanModel(tx, before.projectId);
    const current = stored ? basisOf(before, model) : null;
    const rows = await tx
      .update(controlPlanLine)
      .set({ ...columnsOf(input, current), ...(input.sort !== undefined && { sort: input.sort }), ...nextVersion(txCtx) })
      .where(and(eq(controlPlanLine.id, lineId), eq(controlPlanLine.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'control_plan_line');
    return { result: await viewOf(tx, after, model), log: { action: 'controlPlan.line.update', entity: 'control_plan_line', entityId: lineId, before, after } };
  });
}

export interface NewLineInput extends LineTexts {
  phase: ControlPlanPhase;
  /** Link the line to a characteristic of the PFMEA (and, optionally, name its step); without it the line holds its own texts. */
  characteristicId?: string | null;
  stepNodeId?: string | null;
  sort?: number;
}

/**
 * Adds a line by hand to the phase's plan (created when missing). Linked to
 * a characteristic, it reads the PFMEA like a generated line (its basis is
 * the PFMEA now); otherwise it needs a process (number or name) and a
 * characteristic (product or process).
 */
export async function addControlPlanLine(ctx: ServiceContext, projectId: string, { phase, ...input }: NewLineInput): Promise<ControlPlanLineView> {
  assertPhase(phase);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProcessProject(tx, txCtx, projectId, 'add');
    const linked = Boolean(input.characteristicId);
    const issues = [...lineTextIssues(input, linked), ...sortIssues(input.sort)];
    const model = await loadControlPlanModel(tx, projectId);
    let basis: ControlPlanBasis | null = null;
    if (linked) {
      const place = indexControlPlanModel(model).placeOf.get(input.characteristicId!);
      if (!place || (input.stepNodeId && input.stepNodeId !== place.step.id)) issues.push({ messageKey: 'controlPlan.link_invalid' satisfies ControlPlanMessageKey, field: 'characteristicId' });
      else basis = basisOf({ stepNodeId: place.step.id, characteristicId: place.characteristic.id }, model);
    } else {
      if (!blankToNull(input.processNo) && !blankToNull(input.processName)) issues.push({ messageKey: 'controlPlan.process_missing' satisfies ControlPlanMessageKey, field: 'processName' });
      if (!blankToNull(input.productCharacteristic) && !blankToNull(input.processCharacteristic)) {
        issues.push({ messageKey: 'controlPlan.characteristic_missing' satisfies ControlPlanMessageKey, field: 'productCharacteristic' });
      }
    }
    if (issues.length > 0) throw new InvalidInputError('validation.failed', {}, issues);
    const made = await ensurePlan(tx, txCtx, project, phase);
    const last = await tx.select({ sort: max(controlPlanLine.sort) }).from(controlPlanLine).where(eq(controlPlanLine.planId, made.plan.id)).get();
    const [row] = await tx
      .insert(controlPlanLine)
      .values({
        projectId,
        planId: made.plan.id,
        origin: 'manual',
        stepNodeId: basis?.step?.id ?? null,
        characteristicId: basis?.characteristic?.id ?? null,
        ...columnsOf(input, basis),
        basis: basis && storeBasis(basis),
        sort: input.sort ?? (last?.sort ?? 0) + 1,
        ...created(txCtx),
      })
      .returning();
    await citeControls(tx, row!, basis);
    return {
      result: await viewOf(tx, row!, model),
      log: [...(made.log ? [made.log] : []), { action: 'controlPlan.line.create', entity: 'control_plan_line', entityId: row!.id, after: row }],
    };
  });
}

export async function deleteControlPlanLine(ctx: ServiceContext, lineId: string, input: { version: number }): Promise<void> {
  await writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findLine(tx, lineId);
    await editableProcessProject(tx, txCtx, before.projectId, 'del');
    assertVersion(before, input.version, 'control_plan_line');
    await tx.delete(controlPlanLine).where(and(eq(controlPlanLine.id, lineId), eq(controlPlanLine.version, input.version)));
    return { result: undefined, log: { action: 'controlPlan.line.delete', entity: 'control_plan_line', entityId: lineId, before } };
  });
}

/**
 * Review: the team accepts what the PFMEA says now as the line's basis; the
 * suspect mark goes and who reviewed when is recorded. A line whose
 * characteristic is gone from the PFMEA can point at nothing any more: it
 * keeps what it last showed as its own texts and is no longer linked (the
 * checks then list it as untraced, for the team to delete or keep).
 */
export async function reviewControlPlanLine(ctx: ServiceContext, lineId: string, input: { version: number }): Promise<ControlPlanLineView> {
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await findLine(tx, lineId);
    await editableProcessProject(tx, txCtx, before.projectId, 'edit');
    assertVersion(before, input.version, 'control_plan_line');
    const model = await loadControlPlanModel(tx, before.projectId);
    const stored = readBasis(before.basis);
    const current = stored ? basisOf(before, model) : null;
    const reviewed = { reviewedBy: txCtx.actor.userId, reviewedAt: txCtx.now(), ...nextVersion(txCtx) };
    let set: Partial<ControlPlanLineRow>;
    if (!stored || !current) set = {};
    else if (current.characteristic) set = { basis: storeBasis(current), stepNodeId: current.step?.id ?? null, characteristicId: current.characteristic.id };
    else set = { ...lastShown(before, stored, current, model), basis: null, stepNodeId: null, characteristicId: null };
    const rows = await tx
      .update(controlPlanLine)
      .set({ ...set, ...reviewed })
      .where(and(eq(controlPlanLine.id, lineId), eq(controlPlanLine.version, input.version)))
      .returning();
    const after = updatedOrStale(rows, 'control_plan_line');
    if (stored) await citeControls(tx, after, after.basis ? current : null);
    return { result: await viewOf(tx, after, model), log: { action: 'controlPlan.line.review', entity: 'control_plan_line', entityId: lineId, before, after } };
  });
}

/** What an unlinked line keeps: the texts it showed while linked (the step as it is now when it is still there). */
function lastShown(row: ControlPlanLineRow, stored: ControlPlanBasis, current: ControlPlanBasis, model: ControlPlanModel): Partial<ControlPlanLineRow> {
  const step = current.step ?? stored.step;
  const c = stored.characteristic;
  const index = indexControlPlanModel(model);
  const machines = step ? (index.elementsOfStep.get(step.id) ?? []).filter((e) => e.type === 'machine') : [];
  return {
    processNo: step?.processNo ?? null,
    processName: step?.name ?? null,
    machine: row.machine ?? (machines.length > 0 ? machines.map((e) => e.name).join('\n') : null),
    productCharacteristic: c?.kind === 'product' ? c.name : null,
    processCharacteristic: c?.kind === 'process' ? c.name : null,
    specialClass: c ? specialClassText(c) || null : null,
    controlMethod: row.controlMethod ?? (pfmeaControlText(stored, 'prevention') || null),
    measurementTechnique: row.measurementTechnique ?? (pfmeaControlText(stored, 'detection') || null),
  };
}
