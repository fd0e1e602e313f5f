import { and, desc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { CustomValues } from '../../domain/custom-fields/index.ts';
import { readCustomValues, saveCustomValues } from '../custom-fields/values.ts';
import { customListSql, type CustomListQuery } from '../custom-fields/list-query.ts';
import { actorName } from '../shared/people.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { problem, problemMember, problemStep, user } from '../../db/schema/index.ts';
import { live, softDeleted } from '../../db/live.ts';
import { InvalidInputError, NotAllowedError } from '../../errors.ts';
import { PROBLEM_STEPS, assertProblemEditable, problemFieldIssues, type ProblemSource, type ProblemStatus, type ProblemType } from '../../domain/problem/index.ts';
import { PROBLEM_DENIED } from '../../domain/permissions/index.ts';
import { allocateNumber } from '../numbering/numbering.ts';
import { readDb, type ServiceContext, type TxContext } from '../shared/context.ts';
import { contains, pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertOnProblem, assertVersion, buttonsFor, problemCaller, problemFor, staleProblem, type ProblemCaller, type ProblemRow } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { problemView, summaryOf, type ProblemListItem, type ProblemView } from './view.ts';

/**
 * Problems (issue 24, spec 001 §3 "Problem"): list with the spec's filters, open, read, change, delete.
 * A new problem gets its RS number, its ten steps D0…D8 (not started, owned by the responsible person) and
 * its responsible person as team leader. Only an open problem changes (its report under review, released or
 * closed is frozen: docs/domain/problems-8d.md).
 */
export interface ProblemQuery extends PageQuery, CustomListQuery {
  /** Internal problems (problem_index, the default) or customer problems (fawProblem_index). */
  kind?: 'internal' | 'customer';
  /** Number, brief, description, part number, supplier or customer contains. */
  search?: string;
  type?: ProblemType;
  source?: ProblemSource;
  status?: readonly ProblemStatus[];
  responsibleId?: string;
  /** mine: created by, responsible for or on the team of the caller. */
  mine?: boolean;
  happenedFrom?: Date;
  happenedTo?: Date;
  closedLoop?: boolean;
}

export interface ProblemInput {
  /** Custom field values by system name; a create checks them all, an update those it sends. */
  customFields?: CustomValues;
  brief: string;
  description?: string | null;
  type: ProblemType;
  source: ProblemSource;
  happenedAt?: Date | null;
  location?: string | null;
  frequency?: string | null;
  processingEquipment?: string | null;
  unqualifiedBatch?: string | null;
  partNumber?: string | null;
  supplier?: string | null;
  customerProblem?: boolean;
  customerName?: string | null;
  responsibleId?: string | null;
  plannedCompletion?: Date | null;
}

const TEXT_FIELDS = ['description', 'location', 'frequency', 'processingEquipment', 'unqualifiedBatch', 'partNumber', 'supplier', 'customerName'] as const;
const clean = (value: string | null | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** A live user by id, with the name records show (real name, else user name); refused by field when unknown. */
export async function namedUser(db: DbOrTx, id: string, field: string): Promise<{ id: string; name: string }> {
  const row = await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user).where(and(eq(user.id, id), live(user))).get();
  if (!row) throw new InvalidInputError('problem.invalid' satisfies ProblemMessageKey, {}, [{ messageKey: 'problem.user_not_found' satisfies ProblemMessageKey, field, params: { field } }]);
  return { id: row.id, name: row.realName || row.userName };
}

function checked(input: Partial<ProblemInput>): void {
  const issues = problemFieldIssues(input);
  if (issues.length) throw new InvalidInputError('problem.invalid' satisfies ProblemMessageKey, {}, issues);
}

/** The site condition of a list: the caller's sites and problems without one (administrators see all). */
const siteScope = (caller: ProblemCaller): SQL | undefined =>
  caller.actor.isAdmin ? undefined : caller.siteIds.length ? or(isNull(problem.siteId), inArray(problem.siteId, [...caller.siteIds])) : isNull(problem.siteId);

export async function listProblems(ctx: ServiceContext, query: ProblemQuery = {}): Promise<Page<ProblemListItem>> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  const customer = query.kind === 'customer';
  assertOnProblem(caller, 'read', customer);
  const db = await readDb(ctx);
  const { page, limit, offset } = pageWindow(query);
  const text = query.search?.trim();
  const me = caller.actor.userId;
  const mine = query.mine
    ? or(eq(problem.creatorId, me), eq(problem.responsibleId, me), inArray(problem.id, db.select({ id: problemMember.problemId }).from(problemMember).where(eq(problemMember.userId, me))))
    : undefined;
  const custom = await customListSql(db, 'problem', problem.id, query);
  const where = and(
    custom.where,
    live(problem),
    eq(problem.customerProblem, customer),
    siteScope(caller),
    text
      ? or(contains(problem.problemNum, text), contains(problem.brief, text), contains(problem.description, text), contains(problem.partNumber, text), contains(problem.supplier, text), contains(problem.customerName, text))
      : undefined,
    query.type ? eq(problem.type, query.type) : undefined,
    query.source ? eq(problem.source, query.source) : undefined,
    query.status?.length ? inArray(problem.status, [...query.status]) : undefined,
    query.responsibleId ? eq(problem.responsibleId, query.responsibleId) : undefined,
    query.happenedFrom ? gte(problem.happenedAt, query.happenedFrom) : undefined,
    query.happenedTo ? lte(problem.happenedAt, query.happenedTo) : undefined,
    query.closedLoop === undefined ? undefined : eq(problem.closedLoop, query.closedLoop),
    mine,
  );
  const [rows, count] = await Promise.all([
    db.select().from(problem).where(where).orderBy(...custom.orderBy, desc(problem.updatedAt), desc(problem.problemNum)).limit(limit).offset(offset),
    db.select({ n: sql<number>`count(*)` }).from(problem).where(where).get(),
  ]);
  const values = await readCustomValues(db, 'problem', rows.map((r) => r.id));
  return { items: rows.map((r) => ({ ...summaryOf(r), customFields: values.get(r.id) ?? {} })), total: Number(count?.n ?? 0), page, limit };
}

export async function getProblem(ctx: ServiceContext, key: string): Promise<ProblemView> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  const row = await problemFor(ctx.db, caller, key, 'read');
  return problemView(ctx.db, caller, row);
}

/** Inserts a checked problem with its steps and team leader (inside the caller's transaction: the import's too). */
export async function insertProblem(tx: Tx, txCtx: TxContext, input: ProblemInput, responsible: { id: string; name: string } | null): Promise<ProblemRow> {
  const now = txCtx.now();
  const name = await actorName(tx, txCtx.actor);
  const problemNum = await allocateNumber(tx, 'problem', now, async (n) => !!(await tx.select({ id: problem.id }).from(problem).where(eq(problem.problemNum, n)).get()));
  const [row] = await tx
    .insert(problem)
    .values({
      problemNum,
      brief: input.brief.trim(),
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, clean(input[f])])),
      type: input.type,
      source: input.source,
      happenedAt: input.happenedAt ?? null,
      customerProblem: input.customerProblem ?? false,
      responsibleId: responsible?.id ?? null,
      responsibleName: responsible?.name ?? null,
      plannedCompletion: input.plannedCompletion ?? null,
      siteId: txCtx.actor.siteId ?? null,
      creatorId: txCtx.actor.userId,
      // the creator rule also matches a creator by this name (rows of old imports): the login, not the shown name
      creatorName: txCtx.actor.userName,
      updaterId: txCtx.actor.userId,
      updaterName: name,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(problemStep).values(PROBLEM_STEPS.map((step) => ({ problemId: row!.id, step, ownerId: responsible?.id ?? null, ownerName: responsible?.name ?? null, createdAt: now, updatedAt: now })));
  if (responsible) await tx.insert(problemMember).values({ problemId: row!.id, userId: responsible.id, userName: responsible.name, role: 'leader', createdAt: now, updatedAt: now });
  return row!;
}

export async function createProblem(ctx: ServiceContext, input: ProblemInput): Promise<ProblemView> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  assertOnProblem(caller, 'add', input.customerProblem === true);
  checked(input);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const responsible = input.responsibleId ? await namedUser(tx, input.responsibleId, 'responsibleId') : null;
    const row = await insertProblem(tx, txCtx, input, responsible);
    await saveCustomValues(tx, 'problem', row.id, input.customFields, { partial: false });
    return { result: await problemView(tx, caller, row), log: { action: 'problem.create', entity: 'problem', entityId: row.id, after: { problemNum: row.problemNum, brief: row.brief } } };
  });
}

/** Moves a problem row on, at the version read (409 when another change came first). */
export async function updateProblemRow(tx: Tx, txCtx: TxContext, before: ProblemRow, set: Partial<typeof problem.$inferInsert>): Promise<ProblemRow> {
  const now = txCtx.now();
  const [row] = await tx
    .update(problem)
    .set({ ...set, version: before.version + 1, updaterId: txCtx.actor.userId, updaterName: await actorName(tx, txCtx.actor), updatedAt: now })
    .where(and(eq(problem.id, before.id), eq(problem.version, before.version)))
    .returning();
  if (!row) throw staleProblem(before);
  return row;
}

export interface ProblemChanges extends Partial<ProblemInput> {
  version: number;
}

export async function updateProblem(ctx: ServiceContext, key: string, changes: ProblemChanges): Promise<ProblemView> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, changes.version);
    assertProblemEditable(before.status);
    const merged: ProblemInput = {
      brief: changes.brief ?? before.brief,
      type: changes.type ?? before.type,
      source: changes.source ?? before.source,
      customerProblem: changes.customerProblem ?? before.customerProblem,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, changes[f] === undefined ? before[f] : changes[f]])),
    };
    checked(merged);
    // moving a problem between the internal and customer lists needs the other route's edit as well
    if (merged.customerProblem !== before.customerProblem && !caller.actor.isAdmin && !buttonsFor(caller, merged.customerProblem!)?.has('edit')) {
      throw new NotAllowedError(PROBLEM_DENIED, { action: 'edit', problem: before.problemNum });
    }
    const responsible = changes.responsibleId === undefined ? undefined : changes.responsibleId === null ? null : await namedUser(tx, changes.responsibleId, 'responsibleId');
    const row = await updateProblemRow(tx, txCtx, before, {
      brief: merged.brief.trim(),
      type: merged.type,
      source: merged.source,
      customerProblem: merged.customerProblem,
      ...Object.fromEntries(TEXT_FIELDS.map((f) => [f, clean(merged[f])])),
      ...(changes.happenedAt === undefined ? {} : { happenedAt: changes.happenedAt }),
      ...(changes.plannedCompletion === undefined ? {} : { plannedCompletion: changes.plannedCompletion }),
      ...(responsible === undefined ? {} : { responsibleId: responsible?.id ?? null, responsibleName: responsible?.name ?? null }),
    });
    await saveCustomValues(tx, 'problem', row.id, changes.customFields, { partial: true });
    return {
      result: await problemView(tx, caller, row),
      log: { action: 'problem.update', entity: 'problem', entityId: row.id, before: { version: before.version, brief: before.brief, responsible: before.responsibleName }, after: { version: row.version, brief: row.brief, responsible: row.responsibleName } },
    };
  });
}

/** Deleting marks the problem deleted (its number is never reused); a problem under review, released or closed is kept. */
export async function deleteProblem(ctx: ServiceContext, key: string, expected: { version: number }): Promise<{ id: string; problemNum: string }> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'del');
    assertVersion(before, expected.version);
    assertProblemEditable(before.status);
    const row = await updateProblemRow(tx, txCtx, before, { ...softDeleted(), deletedAt: txCtx.now() });
    return { result: { id: row.id, problemNum: row.problemNum }, log: { action: 'problem.delete', entity: 'problem', entityId: row.id, before: { problemNum: before.problemNum, brief: before.brief } } };
  });
}
