import { and, eq, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { jsonElements } from '../../db/portable-json.ts';
import { controlPlan, controlPlanLine, controlPlanLineControl, fmeaNode, user } from '../../db/schema/index.ts';
import { InvalidInputError, NotFoundError, type Issue } from '../../errors.ts';
import {
  cleanHeader,
  controlPlanHeaderIssues,
  defaultPlanNumber,
  generateLines,
  indexControlPlanModel,
  isControlPlanPhase,
  readBasis,
  storeBasis,
  templateFromFlags,
  visibleColumns,
  type ChangeStamp,
  type ControlPlanBasis,
  type ControlPlanHeader,
  type ControlPlanModel,
  type ControlPlanTemplate,
} from '../../domain/pfmea/index.ts';
import type { ControlPlanPhase } from '../../domain/pfmea/vocabulary.ts';
import type { ControlPlanMessageKey } from '../../domain/pfmea/control-plan-messages.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { ruleFlagValues } from '../rules/rule-flags.ts';
import { created, editableProject, nextVersion, openableProject, staleVersion, type FmeaButton, type FmeaProjectRow, type LoadedProject } from '../fmea/access.ts';
import { changeStamps, findPlan, loadControlPlanModel, readLines, readProjectLines, userNames, type ControlPlanLineRow, type ControlPlanRow } from './control-plan-read.ts';
import { checksOf, lineView, marksOf, namedUsers, withNames, type ControlPlanLineView, type ControlPlanMark, type ControlPlanView } from './control-plan-view.ts';
import { placeNewLines } from './control-plan-order.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

/**
 * The control plan of a PFMEA (issue 13): one plan per phase, generated from
 * the PFMEA and kept in sync by pointing, not copying (docs/domain/pfmea.md
 * "Control plan"). Reads need the project open to the actor, writes an
 * editing member; only a PFMEA has a control plan.
 */

export const assertPhase = (phase: unknown): ControlPlanPhase => {
  if (!isControlPlanPhase(phase)) throw new InvalidInputError('controlPlan.phase_invalid' satisfies ControlPlanMessageKey, { value: String(phase) });
  return phase;
};

function assertPfmea(project: FmeaProjectRow): void {
  if (!kindOf(project.projectType).processModel) throw new InvalidInputError('controlPlan.not_pfmea' satisfies ControlPlanMessageKey, { project: project.serialNum });
}

/** The project open to the actor (a PFMEA). */
export async function readableProcessProject(db: DbOrTx, ctx: ServiceContext, projectId: string): Promise<LoadedProject> {
  const loaded = await openableProject(db, ctx.actor, projectId, ctx.now());
  assertPfmea(loaded.project);
  return loaded;
}

/** The project editable by the actor (a PFMEA). */
export async function editableProcessProject(db: DbOrTx, ctx: ServiceContext | TxContext, projectId: string, button: FmeaButton): Promise<LoadedProject> {
  const loaded = await editableProject(db, ctx.actor, projectId, ctx.now(), button);
  assertPfmea(loaded.project);
  return loaded;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** What a new plan's header starts with: its number, the part (the process item), the organisation, the team, today. */
async function defaultHeader(db: DbOrTx, project: FmeaProjectRow, phase: ControlPlanPhase, today: Date): Promise<ControlPlanHeader> {
  const root = await db.select({ name: fmeaNode.name }).from(fmeaNode).where(and(eq(fmeaNode.projectId, project.id), sql`${fmeaNode.parentId} is null`)).get();
  const responsible = project.responsibleUserId ? await db.select({ realName: user.realName, userName: user.userName }).from(user).where(eq(user.id, project.responsibleUserId)).get() : undefined;
  return cleanHeader({
    controlPlanNumber: defaultPlanNumber(project.serialNum, phase),
    partName: root?.name ?? project.name,
    organization: project.companyName ?? project.engineeringLocation,
    coreTeam: project.teamNotes,
    keyContact: responsible ? responsible.realName || responsible.userName : null,
    originalDate: isoDay(today),
  });
}

/** The plan of a phase, created (and logged) when it is not there yet. */
export async function ensurePlan(tx: Tx, txCtx: TxContext, project: FmeaProjectRow, phase: ControlPlanPhase): Promise<{ plan: ControlPlanRow; log: OperationRecord | null }> {
  const existing = await findPlan(tx, project.id, phase);
  if (existing) return { plan: existing, log: null };
  const header = await defaultHeader(tx, project, phase, txCtx.now());
  // two first opens at once: the second finds the plan the first made (one plan per project and phase)
  const [plan] = await tx.insert(controlPlan).values({ projectId: project.id, phase, header, ...created(txCtx) }).onConflictDoNothing().returning();
  if (!plan) return { plan: (await findPlan(tx, project.id, phase))!, log: null };
  return { plan, log: { action: 'controlPlan.plan.create', entity: 'control_plan', entityId: plan.id, after: plan } };
}

/** The business rule "control plan template": which optional columns show. */
export async function controlPlanTemplate(db: DbOrTx): Promise<ControlPlanTemplate> {
  return templateFromFlags(await ruleFlagValues(db));
}

/**
 * Lines as their readers see them, with the names of the people the marks
 * and reviews name. Who changed what is looked up only when a line is
 * suspect; `known` holds bases already computed (generation's new lines).
 */
export async function lineViews(db: DbOrTx, rows: readonly ControlPlanLineRow[], model: ControlPlanModel, known?: ReadonlyMap<string, ControlPlanBasis>): Promise<ControlPlanLineView[]> {
  let views = rows.map((row) => lineView(row, model, NO_STAMPS, known?.get(row.id)));
  const suspect = rows.filter((_, i) => views[i]!.suspect);
  if (suspect.length > 0) {
    const stamps = await changeStamps(db, model, suspect.map((r) => readBasis(r.basis)));
    views = views.map((v, i) => (v.suspect ? lineView(rows[i]!, model, stamps) : v));
  }
  return withNames(views, await userNames(db, namedUsers(views)));
}

const NO_STAMPS: ReadonlyMap<string, ChangeStamp> = new Map();

async function planView(db: DbOrTx, projectId: string, phase: ControlPlanPhase, plan: ControlPlanRow | undefined, fallbackHeader: ControlPlanHeader): Promise<ControlPlanView> {
  const [model, rows] = await Promise.all([loadControlPlanModel(db, projectId), plan ? readLines(db, plan.id) : Promise.resolve([])]);
  return planViewOf(db, { projectId, phase, plan, header: (plan?.header as ControlPlanHeader | undefined) ?? fallbackHeader }, rows, model);
}

/** The plan's view from lines and a model in hand (generation builds it from what it just wrote, without reading it back). */
async function planViewOf(
  db: DbOrTx,
  at: { projectId: string; phase: ControlPlanPhase; plan: ControlPlanRow | undefined; header: ControlPlanHeader },
  rows: readonly ControlPlanLineRow[],
  model: ControlPlanModel,
  known?: ReadonlyMap<string, ControlPlanBasis>,
): Promise<ControlPlanView> {
  const [lines, template] = await Promise.all([lineViews(db, rows, model, known), controlPlanTemplate(db)]);
  const { plan } = at;
  return {
    plan: { id: plan?.id ?? null, projectId: at.projectId, phase: at.phase, header: at.header, version: plan?.version ?? 0, updatedBy: plan?.updatedBy ?? null, updatedAt: plan?.updatedAt ?? null },
    columns: visibleColumns(template).map((c) => c.key),
    lines,
    marks: marksOf(at.phase, lines),
    checks: checksOf(rows, model),
    counts: { lines: lines.length, suspect: lines.filter((l) => l.suspect).length, contradictions: lines.filter((l) => l.contradictions.length > 0).length },
  };
}

/**
 * The control plan of a phase with its lines, marks and checks. An editing
 * member who opens a phase without a plan creates it (with its default
 * header) unless `create` is false (the API's GET on the session cookie
 * alone, which only reads); anyone else sees the plan it would be (id null,
 * version 0).
 */
export async function getControlPlan(ctx: ServiceContext, projectId: string, { phase, create = true }: { phase: ControlPlanPhase; create?: boolean }): Promise<ControlPlanView> {
  assertPhase(phase);
  const { project } = await readableProcessProject(ctx.db, ctx, projectId);
  let plan = await findPlan(ctx.db, projectId, phase);
  if (!plan && create) {
    const canEdit = await editableProcessProject(ctx.db, ctx, projectId, 'add').then(
      () => true,
      () => false,
    );
    if (canEdit) {
      plan = await writeAndLog(ctx, async (tx, txCtx) => {
        const made = await ensurePlan(tx, txCtx, project, phase);
        return { result: made.plan, log: made.log ? [made.log] : [] };
      });
    }
  }
  return planView(ctx.db, projectId, phase, plan, plan ? {} : await defaultHeader(ctx.db, project, phase, ctx.now()));
}

/**
 * Adds a line for every characteristic of a process step that has none in
 * the phase's plan, citing its causes' controls, with the PFMEA as it is now
 * as its basis. Existing lines are never changed (only moved, to keep process
 * order). Answers how many were added and the plan.
 */
export async function generateControlPlan(ctx: ServiceContext, projectId: string, { phase }: { phase: ControlPlanPhase }): Promise<ControlPlanView & { added: number }> {
  assertPhase(phase);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProcessProject(tx, txCtx, projectId, 'add');
    const made = await ensurePlan(tx, txCtx, project, phase);
    const plan = made.plan;
    const [model, rows] = await Promise.all([loadControlPlanModel(tx, projectId), readLines(tx, plan.id)]);
    const have = new Set(rows.flatMap((r) => (r.characteristicId === null ? [] : [r.characteristicId])));
    const generated = generateLines(model, have);
    const logs: OperationRecord[] = made.log ? [made.log] : [];
    const view = (lines: readonly ControlPlanLineRow[], known?: ReadonlyMap<string, ControlPlanBasis>) =>
      planViewOf(tx, { projectId, phase, plan, header: plan.header as ControlPlanHeader }, lines, model, known);
    if (generated.length === 0) return { result: { ...(await view(rows)), added: 0 }, log: logs };

    const stamp = created(txCtx);
    let number = rows.reduce((most, r) => Math.max(most, /^\d{1,9}$/.test(r.characteristicNo ?? '') ? Number(r.characteristicNo) : 0), 0);
    const fresh: ControlPlanLineRow[] = generated.map((g) => ({
      ...EMPTY_LINE,
      id: crypto.randomUUID(),
      projectId,
      planId: plan.id,
      origin: 'generated',
      stepNodeId: g.stepNodeId,
      characteristicId: g.characteristicId,
      characteristicNo: String(++number),
      basis: storeBasis(g.basis),
      ...stamp,
    }));
    const order = placeNewLines(rows, fresh, model);
    const sortOf = new Map(order.map((id, i) => [id, i + 1]));
    for (const r of fresh) r.sort = sortOf.get(r.id)!;
    await insertRows(tx, controlPlanLine, fresh);
    await insertRows(
      tx,
      controlPlanLineControl,
      fresh.flatMap((r, i) => generated[i]!.controlIds.map((controlId) => ({ lineId: r.id, controlId, projectId }))),
    );
    // lines that keep their place keep their sort; the others move without a new version (only their position changed)
    const moved = rows.filter((r) => sortOf.get(r.id) !== r.sort).map((r) => [r.id, sortOf.get(r.id)!]);
    if (moved.length > 0) {
      await tx.run(sql`update control_plan_line set sort = cast(j.value ->> 1 as integer) from ${jsonElements(moved)} j where control_plan_line.id = j.value ->> 0`);
    }
    logs.push({ action: 'controlPlan.line.generate', entity: 'control_plan', entityId: plan.id, after: { phase, added: fresh.length, moved: moved.length } });
    const all = [...rows.map((r) => ({ ...r, sort: sortOf.get(r.id)! })), ...fresh].sort((a, b) => a.sort - b.sort);
    const known = new Map(fresh.map((r, i) => [r.id, generated[i]!.basis]));
    return { result: { ...(await view(all, known)), added: fresh.length }, log: logs };
  });
}

/** Every column of a line row, empty: what a new row holds until it is filled. */
const EMPTY_LINE = {
  processNo: null,
  processName: null,
  machine: null,
  characteristicNo: null,
  productCharacteristic: null,
  processCharacteristic: null,
  specialClass: null,
  specification: null,
  measurementTechnique: null,
  sampleSize: null,
  sampleFrequency: null,
  controlMethod: null,
  reactionPlan: null,
  reviewedBy: null,
  reviewedAt: null,
  sort: 0,
  version: 1,
} satisfies Partial<ControlPlanLineRow>;

/** The marks the project's control plans put on the PFMEA: every characteristic and control a line's own text contradicts. */
export async function controlPlanMarks(ctx: ServiceContext, projectId: string): Promise<ControlPlanMark[]> {
  await readableProcessProject(ctx.db, ctx, projectId);
  const [model, rows, plans] = await Promise.all([loadControlPlanModel(ctx.db, projectId), readProjectLines(ctx.db, projectId), ctx.db.select().from(controlPlan).where(eq(controlPlan.projectId, projectId))]);
  const phaseOf = new Map(plans.map((p) => [p.id, p.phase]));
  const views = await lineViews(ctx.db, rows, model);
  return rows.flatMap((row, i) => marksOf(phaseOf.get(row.planId)!, [views[i]!]));
}

export const lineNotFound = (lineId: string) => new NotFoundError('controlPlan.line_not_found' satisfies ControlPlanMessageKey, { lineId });

export async function findLine(db: DbOrTx, lineId: string): Promise<ControlPlanLineRow> {
  const row = await db.select().from(controlPlanLine).where(eq(controlPlanLine.id, lineId)).get();
  if (!row) throw lineNotFound(lineId);
  return row;
}

/** Changes the header fields named (blank clears one); the version is the plan's (0: the plan was not created yet). */
export async function saveControlPlanHeader(
  ctx: ServiceContext,
  projectId: string,
  { phase, ...input }: { phase: ControlPlanPhase; version: number; header: Readonly<Record<string, string | null>> },
): Promise<ControlPlanView> {
  assertPhase(phase);
  const issues: Issue[] = controlPlanHeaderIssues(input.header);
  if (issues.length > 0) throw new InvalidInputError('validation.failed', {}, issues);
  await writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProcessProject(tx, txCtx, projectId, 'edit');
    const existed = await findPlan(tx, projectId, phase);
    if (existed ? existed.version !== input.version : input.version !== 0) throw staleVersion('control_plan', existed?.version);
    const { plan: before, log } = await ensurePlan(tx, txCtx, project, phase);
    const merged = cleanHeader({ ...(before.header as ControlPlanHeader), ...input.header });
    const [after] = await tx
      .update(controlPlan)
      .set({ header: merged, ...nextVersion(txCtx) })
      .where(and(eq(controlPlan.id, before.id), eq(controlPlan.version, before.version)))
      .returning();
    if (!after) throw staleVersion('control_plan');
    return { result: after, log: [...(log ? [log] : []), { action: 'controlPlan.plan.update', entity: 'control_plan', entityId: after.id, before, after }] };
  });
  return getControlPlan(ctx, projectId, { phase });
}
