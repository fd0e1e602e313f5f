import { and, eq, inArray, max } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { catalogRecord, dvpTest, dvpTestControl, file, fmeaControl, user } from '../../db/schema/index.ts';
import { InvalidInputError, NotAllowedError, NotFoundError } from '../../errors.ts';
import { dvpResultIssues, dvpTestIssues, type DvpResult, type DvpStage } from '../../domain/dvp/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { userCanReadProject } from '../fmea/access.ts';
import { clearRerateMarksOfSource, markForRerating } from '../fmea/rerate-marks.ts';
import { storeDvpTestMessage } from '../messages/dvp.ts';
import type { MessageRow } from '../messages/inbox.ts';
import type { OperationRecord } from '../shared/audit.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { actorName } from '../shared/people.ts';
import { writeAndLog } from '../shared/write.ts';
import { dvpCaller, writablePlan, type DvpPlanRow } from './access.ts';
import type { DvpMessageKey } from './messages.ts';
import { staleDvp } from './plans.ts';
import { detectionControls, planView, type DvpPlanView, type DvpTestRow } from './view.ts';

/**
 * A plan's tests (issue 25; docs/domain/dvp.md): added by hand or generated from the DFMEA's detection controls
 * (one per control no test proves yet, so generating again adds only what is new), linked to controls, edited
 * against their version, given a result with who and when. An unqualified result marks the causes of the linked
 * controls for re-rating (services/fmea/rerate-marks.ts); a result that is no longer unqualified withdraws them.
 * A new responsible person is told (message code dvp, opening the plan at the test).
 */
export interface DvpTestInput {
  name?: string;
  classification?: string | null;
  analysisProject?: string | null;
  dimensionChainLevel?: string | null;
  calculationMethod?: string | null;
  /** A dvp_standard catalog record: its name and test project fill testStandard, its quantity and classification the empty ones. */
  standardRecordId?: string | null;
  testStandard?: string | null;
  testQuantity?: number | null;
  testItem?: string | null;
  acceptanceCriteria?: string | null;
  testStage?: DvpStage | null;
  responsibleUserId?: string | null;
  plannedStart?: string | null;
  plannedEnd?: string | null;
  actualStart?: string | null;
  actualEnd?: string | null;
  sampleQuantity?: number | null;
  reportFileId?: string | null;
  /** The detection controls it proves (replaces the links when sent). */
  controlIds?: string[];
}

/** A write's outcome: the plan as it now is, and the messages stored (pushed once committed). */
export interface DvpOutcome {
  plan: DvpPlanView;
  messages: MessageRow[];
}

const blank = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
const REPORT_KINDS = ['attachment', 'largeAttachment'];

export const testNotFound = (test: string) => new NotFoundError('dvp.test_not_found' satisfies DvpMessageKey, { test });

async function findTest(tx: Tx, plan: DvpPlanRow, testId: string): Promise<DvpTestRow> {
  const row = await tx.select().from(dvpTest).where(and(eq(dvpTest.planId, plan.id), eq(dvpTest.id, testId))).get();
  if (!row) throw testNotFound(testId);
  return row;
}

/** The columns a test input sets, checked: responsible able to open the DFMEA, the standard a DVP standard, the report the caller's own upload. */
export async function columnsOf(tx: Tx, ctx: TxContext, plan: DvpPlanRow, input: DvpTestInput, before: DvpTestRow | null): Promise<Partial<DvpTestRow>> {
  const set: Partial<DvpTestRow> = {};
  if (input.name !== undefined) set.name = input.name.trim();
  for (const key of ['classification', 'analysisProject', 'dimensionChainLevel', 'calculationMethod', 'testStandard', 'testItem', 'acceptanceCriteria', 'plannedStart', 'plannedEnd', 'actualStart', 'actualEnd'] as const) {
    const v = blank(input[key]);
    if (v !== undefined) set[key] = v;
  }
  if (input.testQuantity !== undefined) set.testQuantity = input.testQuantity;
  if (input.sampleQuantity !== undefined) set.sampleQuantity = input.sampleQuantity;
  if (input.testStage !== undefined) set.testStage = input.testStage || null;
  if (input.standardRecordId !== undefined) {
    set.standardRecordId = input.standardRecordId || null;
    if (input.standardRecordId) {
      const record = await tx.select().from(catalogRecord).where(and(eq(catalogRecord.id, input.standardRecordId), eq(catalogRecord.type, 'dvpStandard'))).get();
      if (!record) throw new InvalidInputError('dvp.standard_unknown' satisfies DvpMessageKey, { standard: input.standardRecordId }, [{ messageKey: 'dvp.standard_unknown', field: 'standardRecordId', params: { standard: input.standardRecordId } }]);
      const data = (record.data ?? {}) as Record<string, unknown>;
      if (input.testStandard === undefined) set.testStandard = [record.text, data.testProject].filter(Boolean).join(' / ');
      if (input.testQuantity === undefined && (before?.testQuantity ?? null) === null && typeof data.testQuantity === 'number') set.testQuantity = data.testQuantity;
      if (input.classification === undefined && !before?.classification && record.category) set.classification = record.category;
    }
  }
  if (input.responsibleUserId !== undefined) {
    if (!input.responsibleUserId) {
      set.responsibleUserId = null;
      set.responsibleName = null;
    } else {
      const person = await tx.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(eq(user.id, input.responsibleUserId)).get();
      if (!person || !(await userCanReadProject(tx, { userId: person.id, userName: person.userName }, plan.projectId, ctx.now())))
        throw new InvalidInputError('dvp.responsible_unknown' satisfies DvpMessageKey, {}, [{ messageKey: 'dvp.responsible_unknown', field: 'responsibleUserId' }]);
      set.responsibleUserId = person.id;
      set.responsibleName = person.realName || person.userName;
    }
  }
  if (input.reportFileId !== undefined) set.reportFileId = input.reportFileId ? await ownReport(tx, ctx, input.reportFileId) : null;
  return set;
}

/** A report file: an attachment the caller uploaded (the system operator may attach any). */
async function ownReport(tx: Tx, ctx: TxContext, fileId: string): Promise<string> {
  const record = await tx.select().from(file).where(eq(file.id, fileId)).get();
  if (!record) throw new NotFoundError('files.not_found');
  if (!REPORT_KINDS.includes(record.kind)) throw new InvalidInputError('dvp.report_kind' satisfies DvpMessageKey);
  if (ctx.actor.userId !== null && record.uploadedBy !== ctx.actor.userId) throw new NotAllowedError('dvp.report_not_yours' satisfies DvpMessageKey);
  return record.id;
}

/** Sets a test's links to exactly these detection controls of the plan's DFMEA. */
export async function setLinks(tx: Tx, plan: DvpPlanRow, testId: string, controlIds: readonly string[]): Promise<void> {
  const ids = [...new Set(controlIds)];
  if (ids.length) {
    const found = await tx.select({ id: fmeaControl.id }).from(fmeaControl).where(and(inArray(fmeaControl.id, ids), eq(fmeaControl.projectId, plan.projectId), eq(fmeaControl.kind, 'detection')));
    const known = new Set(found.map((f) => f.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown) throw new InvalidInputError('dvp.control_unknown' satisfies DvpMessageKey, { control: unknown }, [{ messageKey: 'dvp.control_unknown', field: 'controlIds', params: { control: unknown } }]);
  }
  await tx.delete(dvpTestControl).where(eq(dvpTestControl.testId, testId));
  if (ids.length) await tx.insert(dvpTestControl).values(ids.map((controlId) => ({ testId, controlId, projectId: plan.projectId })));
}

/** Inserts a test with the next number of the plan (DP…-01, -02 …). */
export async function insertTest(tx: Tx, ctx: TxContext, plan: DvpPlanRow, input: DvpTestInput): Promise<DvpTestRow> {
  assertNoIssues(dvpTestIssues(input));
  const set = await columnsOf(tx, ctx, plan, input, null);
  const top = await tx.select({ n: max(dvpTest.sort) }).from(dvpTest).where(eq(dvpTest.planId, plan.id)).get();
  const sort = Number(top?.n ?? 0) + 1;
  const now = ctx.now();
  const [row] = await tx
    .insert(dvpTest)
    .values({ ...set, name: set.name!, planId: plan.id, projectId: plan.projectId, testNum: `${plan.dvpNum}-${String(sort).padStart(2, '0')}`, sort, createdAt: now, updatedAt: now })
    .returning();
  if (input.controlIds) await setLinks(tx, plan, row!.id, input.controlIds);
  return row!;
}

export async function createDvpTest(ctx: ServiceContext, planKey: string, input: DvpTestInput): Promise<DvpOutcome> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan } = await writablePlan(tx, caller, planKey, txCtx.now());
    const row = await insertTest(tx, txCtx, plan, input);
    const messages = await storeDvpTestMessage(tx, txCtx, plan, row);
    return { result: { plan: await planView(tx, plan, true), messages }, log: { action: 'dvp.test.create', entity: 'dvp_test', entityId: row.id, after: { testNum: row.testNum, name: row.name, controls: input.controlIds ?? [] } } };
  });
}

export async function updateDvpTest(ctx: ServiceContext, planKey: string, testId: string, input: DvpTestInput & { version: number }): Promise<DvpOutcome> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues(dvpTestIssues(input, { partial: true }));
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan } = await writablePlan(tx, caller, planKey, txCtx.now());
    const before = await findTest(tx, plan, testId);
    if (before.version !== input.version) throw staleDvp(before.version);
    const set = await columnsOf(tx, txCtx, plan, input, before);
    assertNoIssues(dvpTestIssues({ plannedStart: set.plannedStart ?? before.plannedStart, plannedEnd: set.plannedEnd ?? before.plannedEnd, actualStart: set.actualStart ?? before.actualStart, actualEnd: set.actualEnd ?? before.actualEnd }, { partial: true }));
    const [row] = await tx.update(dvpTest).set({ ...set, version: before.version + 1, updatedAt: txCtx.now() }).where(and(eq(dvpTest.id, before.id), eq(dvpTest.version, before.version))).returning();
    if (!row) throw staleDvp(before.version + 1);
    if (input.controlIds) await setLinks(tx, plan, row.id, input.controlIds);
    const messages = row.responsibleUserId !== before.responsibleUserId ? await storeDvpTestMessage(tx, txCtx, plan, row) : [];
    return { result: { plan: await planView(tx, plan, true), messages }, log: { action: 'dvp.test.update', entity: 'dvp_test', entityId: row.id, before, after: row } };
  });
}

export async function deleteDvpTest(ctx: ServiceContext, planKey: string, testId: string, version: number): Promise<DvpOutcome> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'del');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan } = await writablePlan(tx, caller, planKey, txCtx.now());
    const before = await findTest(tx, plan, testId);
    if (before.version !== version) throw staleDvp(before.version);
    // its open marks go with it: nothing is left asking for a re-rating no test explains
    const cleared = await clearRerateMarksOfSource(tx, txCtx, 'dvp', before.id, await actorName(tx, txCtx.actor));
    await tx.delete(dvpTest).where(eq(dvpTest.id, before.id));
    return { result: { plan: await planView(tx, plan, true), messages: [] }, log: [{ action: 'dvp.test.delete', entity: 'dvp_test', entityId: before.id, before: { testNum: before.testNum, name: before.name } }, ...cleared] };
  });
}

/**
 * One test per detection control of the DFMEA that no test proves yet, named after the control, its analysis project
 * the cause it detects; idempotent (a second run adds nothing).
 */
export async function generateDvpTests(ctx: ServiceContext, planKey: string): Promise<DvpOutcome & { created: number }> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan } = await writablePlan(tx, caller, planKey, txCtx.now());
    const controls = await detectionControls(tx, plan.projectId);
    const covered = new Set((await tx.select({ controlId: dvpTestControl.controlId }).from(dvpTestControl).where(eq(dvpTestControl.projectId, plan.projectId))).map((c) => c.controlId));
    const fresh = controls.filter((c) => !covered.has(c.id));
    const made: string[] = [];
    for (const c of fresh) made.push((await insertTest(tx, txCtx, plan, { name: c.description.slice(0, 200), testItem: c.description.slice(0, 200), analysisProject: c.causeText.slice(0, 200), controlIds: [c.id] })).testNum);
    return { result: { plan: await planView(tx, plan, true), messages: [], created: made.length }, log: { action: 'dvp.test.generate', entity: 'dvp_plan', entityId: plan.id, after: { dvpNum: plan.dvpNum, tests: made } } };
  });
}

/** Links an existing test to exactly these detection controls. */
export async function linkDvpTest(ctx: ServiceContext, planKey: string, testId: string, input: { version: number; controlIds: string[] }): Promise<DvpOutcome> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'edit');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan } = await writablePlan(tx, caller, planKey, txCtx.now());
    const before = await findTest(tx, plan, testId);
    if (before.version !== input.version) throw staleDvp(before.version);
    await setLinks(tx, plan, before.id, input.controlIds);
    await tx.update(dvpTest).set({ version: before.version + 1, updatedAt: txCtx.now() }).where(eq(dvpTest.id, before.id));
    return { result: { plan: await planView(tx, plan, true), messages: [] }, log: { action: 'dvp.test.link', entity: 'dvp_test', entityId: before.id, after: { testNum: before.testNum, controls: input.controlIds } } };
  });
}

export interface DvpResultInput {
  version: number;
  /** null: back to not tested. */
  result: DvpResult | null;
  resultNote?: string | null;
  actualStart?: string | null;
  actualEnd?: string | null;
  reportFileId?: string | null;
}

/** Records a result with who and when; unqualified marks the linked chains for re-rating, anything else withdraws the test's marks. */
export async function setDvpResult(ctx: ServiceContext, planKey: string, testId: string, input: DvpResultInput): Promise<DvpOutcome> {
  const caller = await dvpCaller(ctx.db, ctx.actor, 'edit');
  assertNoIssues([...dvpResultIssues(input), ...dvpTestIssues({ actualStart: input.actualStart, actualEnd: input.actualEnd }, { partial: true })]);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { plan } = await writablePlan(tx, caller, planKey, txCtx.now());
    const before = await findTest(tx, plan, testId);
    if (before.version !== input.version) throw staleDvp(before.version);
    const set = await columnsOf(tx, txCtx, plan, { actualStart: input.actualStart, actualEnd: input.actualEnd, reportFileId: input.reportFileId }, before);
    const by = await actorName(tx, txCtx.actor);
    const [row] = await tx
      .update(dvpTest)
      .set({ ...set, result: input.result, resultNote: blank(input.resultNote) ?? null, resultById: txCtx.actor.userId, resultByName: by, resultAt: txCtx.now(), version: before.version + 1, updatedAt: txCtx.now() })
      .where(and(eq(dvpTest.id, before.id), eq(dvpTest.version, before.version)))
      .returning();
    if (!row) throw staleDvp(before.version + 1);
    const marks = await resultMarks(tx, txCtx, plan, before.result, row, by);
    return {
      result: { plan: await planView(tx, plan, true), messages: [] },
      log: [{ action: 'dvp.test.result', entity: 'dvp_test', entityId: row.id, before: { result: before.result }, after: { testNum: row.testNum, result: row.result, note: row.resultNote } }, ...marks],
    };
  });
}

/** What a result does to the DFMEA: unqualified marks the causes of the test's controls for re-rating; leaving unqualified withdraws the marks. */
export async function resultMarks(tx: Tx, txCtx: TxContext, plan: DvpPlanRow, was: DvpResult | null, row: DvpTestRow, by: string): Promise<OperationRecord[]> {
  if (row.result === 'unqualified') {
    const causes = await tx.select({ causeId: fmeaControl.causeId }).from(dvpTestControl).innerJoin(fmeaControl, eq(fmeaControl.id, dvpTestControl.controlId)).where(eq(dvpTestControl.testId, row.id));
    const reason = `${row.testNum} ${row.name}${row.resultNote ? `: ${row.resultNote}` : ''}`.slice(0, 2000);
    return markForRerating(tx, txCtx, plan.projectId, causes.map((c) => c.causeId), { kind: 'dvp', id: row.id, number: row.testNum, reason }, by);
  }
  return was === 'unqualified' ? clearRerateMarksOfSource(tx, txCtx, 'dvp', row.id, by) : [];
}
