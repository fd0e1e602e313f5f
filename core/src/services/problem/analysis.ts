import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { problemAction, problemCause, problemIsNot, problemMember, problemWhy } from '../../db/schema/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import {
  ACTION_STEP,
  PROBLEM_NARRATIVE_LIMIT,
  assertProblemEditable,
  type CauseTrack,
  type IsNotDimension,
  type IshikawaCategory,
  type ProblemActionKind,
  type ProblemActionStatus,
  type ProblemMemberRole,
  type ProblemStep,
} from '../../domain/problem/index.ts';
import { checkText } from '../../domain/validation/index.ts';
import type { OperationAction } from '../../domain/oplog/index.ts';
import type { ServiceContext, TxContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, problemCaller, problemFor, type ProblemRow } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { namedUser, updateProblemRow } from './problems.ts';
import { moveStepRow } from './steps.ts';
import { problemView, stepsOf, type ProblemView } from './view.ts';

/**
 * The 8D's lists (docs/domain/problems-8d.md): the team (D1), is / is-not (D2), the causes on the Ishikawa
 * board and the 5-why chains (D4, both tracks: why it occurred, why it was not detected), and the actions of
 * each step. A save replaces the list whole; causes and actions keep their ids when sent back (actions,
 * whys and the FMEA proposals point at causes). Saving a step's list is working on that step: a step not
 * started starts (unfinished earlier steps refuse it), a finished one must be reopened first.
 */
export interface MemberInput {
  userId: string;
  role: ProblemMemberRole;
  duty?: string | null;
}
export interface IsNotInput {
  dimension: IsNotDimension;
  isText?: string | null;
  isNotText?: string | null;
}
export interface CauseInput {
  id?: string | null;
  track: CauseTrack;
  category?: IshikawaCategory | null;
  description: string;
  rootCause?: boolean;
  verification?: string | null;
}
export interface WhyChainInput {
  track: CauseTrack;
  /** Why 1, why 2, … in order. */
  answers: string[];
  /** The cause the chain ends at. */
  causeId?: string | null;
}
export interface ProblemActionInput {
  id?: string | null;
  description: string;
  causeId?: string | null;
  ownerId?: string | null;
  plannedAt?: Date | null;
  doneAt?: Date | null;
  status?: ProblemActionStatus;
  result?: string | null;
}

const invalid = (issues: Issue[]) => {
  if (issues.length) throw new InvalidInputError('problem.invalid' satisfies ProblemMessageKey, {}, issues);
};
const text = (value: unknown, field: string, required = false, max?: number) => checkText(value, { field, required, ...(max ? { max } : {}) });
const clean = (value: string | null | undefined) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** Working on a step's list: starts it when not started; a finished step is reopened first (the refusal says so). */
async function workOn(tx: Tx, txCtx: TxContext, row: ProblemRow, step: ProblemStep): Promise<void> {
  const state = (await stepsOf(tx, row.id)).find((s) => s.step === step)!.state;
  if (state !== 'inProgress') await moveStepRow(tx, txCtx, row, step, 'start');
}

/** One list save: the caller's edit right, the version, the open status, the step worked on, the write, the log. */
async function listSave(ctx: ServiceContext, key: string, version: number, step: ProblemStep, action: OperationAction, write: (tx: Tx, txCtx: TxContext, row: ProblemRow) => Promise<Record<string, unknown>>): Promise<ProblemView> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  return writeAndLog(ctx, async (tx, txCtx) => {
    const before = await problemFor(tx, caller, key, 'edit');
    assertVersion(before, version);
    assertProblemEditable(before.status);
    await workOn(tx, txCtx, before, step);
    const after = await write(tx, txCtx, before);
    const row = await updateProblemRow(tx, txCtx, before, {});
    return { result: await problemView(tx, caller, row), log: { action, entity: 'problem', entityId: row.id, after: { step, ...after } } };
  });
}

export async function saveProblemTeam(ctx: ServiceContext, key: string, input: { version: number; members: MemberInput[] }): Promise<ProblemView> {
  const issues = input.members.flatMap((m, i) => text(m.duty, `members.${i}.duty`));
  if (input.members.filter((m) => m.role === 'leader').length > 1) issues.push({ messageKey: 'problem.team_one_leader' satisfies ProblemMessageKey, field: 'members', params: {} });
  invalid(issues);
  return listSave(ctx, key, input.version, 'D1', 'problem.team.save', async (tx, txCtx, row) => {
    const now = txCtx.now();
    const people = [];
    const seen = new Set<string>();
    for (const [i, m] of input.members.entries()) {
      if (seen.has(m.userId)) continue;
      seen.add(m.userId);
      people.push({ ...m, name: (await namedUser(tx, m.userId, `members.${i}.userId`)).name, sort: i });
    }
    await tx.delete(problemMember).where(eq(problemMember.problemId, row.id));
    if (people.length) await tx.insert(problemMember).values(people.map((p) => ({ problemId: row.id, userId: p.userId, userName: p.name, role: p.role, duty: clean(p.duty), sort: p.sort, createdAt: now, updatedAt: now })));
    return { members: people.map((p) => p.name) };
  });
}

export async function saveProblemIsNot(ctx: ServiceContext, key: string, input: { version: number; rows: IsNotInput[] }): Promise<ProblemView> {
  invalid(input.rows.flatMap((r, i) => [...text(r.isText, `rows.${i}.isText`), ...text(r.isNotText, `rows.${i}.isNotText`)]));
  return listSave(ctx, key, input.version, 'D2', 'problem.analysis.save', async (tx, txCtx, row) => {
    const now = txCtx.now();
    await tx.delete(problemIsNot).where(eq(problemIsNot.problemId, row.id));
    if (input.rows.length) await tx.insert(problemIsNot).values(input.rows.map((r, i) => ({ problemId: row.id, dimension: r.dimension, isText: clean(r.isText), isNotText: clean(r.isNotText), sort: i, createdAt: now, updatedAt: now })));
    return { isNot: input.rows.length };
  });
}

/** Refuses ids that are not causes of this problem (a cause of another problem, or a deleted one). */
async function assertCausesOf(tx: Tx, problemId: string, ids: readonly (string | null | undefined)[], field: (i: number) => string): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (!wanted.length) return;
  const known = new Set((await tx.select({ id: problemCause.id }).from(problemCause).where(and(eq(problemCause.problemId, problemId), inArray(problemCause.id, wanted)))).map((c) => c.id));
  const issues = ids.flatMap((id, i): Issue[] => (id && !known.has(id) ? [{ messageKey: 'problem.cause_unknown' satisfies ProblemMessageKey, field: field(i), params: { field: field(i) } }] : []));
  invalid(issues);
}

/** The Ishikawa board of both tracks (6M causes, root causes marked), D4. */
export async function saveProblemCauses(ctx: ServiceContext, key: string, input: { version: number; causes: CauseInput[] }): Promise<ProblemView> {
  invalid(input.causes.flatMap((c, i) => [...text(c.description, `causes.${i}.description`, true), ...text(c.verification, `causes.${i}.verification`)]));
  return listSave(ctx, key, input.version, 'D4', 'problem.analysis.save', async (tx, txCtx, row) => {
    const now = txCtx.now();
    await assertCausesOf(tx, row.id, input.causes.map((c) => c.id), (i) => `causes.${i}.id`);
    const kept = input.causes.map((c) => c.id).filter((id): id is string => !!id);
    await tx.delete(problemCause).where(and(eq(problemCause.problemId, row.id), kept.length ? notInArray(problemCause.id, kept) : undefined));
    for (const [i, c] of input.causes.entries()) {
      const values = { track: c.track, category: c.category ?? null, description: c.description.trim(), rootCause: c.rootCause ?? false, verification: clean(c.verification), sort: i, updatedAt: now };
      if (c.id) await tx.update(problemCause).set(values).where(eq(problemCause.id, c.id));
      else await tx.insert(problemCause).values({ ...values, problemId: row.id, createdAt: now });
    }
    return { causes: input.causes.length, rootCauses: input.causes.filter((c) => c.rootCause).length };
  });
}

/** The 5-why chains of both tracks, D4; a chain may end at a cause of the board. */
export async function saveProblemWhys(ctx: ServiceContext, key: string, input: { version: number; chains: WhyChainInput[] }): Promise<ProblemView> {
  invalid(input.chains.flatMap((c, i) => c.answers.flatMap((a, level) => text(a, `chains.${i}.answers.${level}`, true))));
  return listSave(ctx, key, input.version, 'D4', 'problem.analysis.save', async (tx, txCtx, row) => {
    const now = txCtx.now();
    await assertCausesOf(tx, row.id, input.chains.map((c) => c.causeId), (i) => `chains.${i}.causeId`);
    await tx.delete(problemWhy).where(eq(problemWhy.problemId, row.id));
    const numbers: Record<CauseTrack, number> = { occurrence: 0, detection: 0 };
    const rows = input.chains.flatMap((c) => {
      const chain = ++numbers[c.track];
      return c.answers.map((answer, i) => ({ problemId: row.id, track: c.track, chain, level: i + 1, answer: answer.trim(), causeId: i === c.answers.length - 1 ? (c.causeId ?? null) : null, createdAt: now, updatedAt: now }));
    });
    if (rows.length) await tx.insert(problemWhy).values(rows);
    return { chains: input.chains.length };
  });
}

/** The actions of one kind (its step: emergency D0, containment D3, corrective D5, verification D6, preventive D7A, read-across D7B). */
export async function saveProblemActions(ctx: ServiceContext, key: string, kind: ProblemActionKind, input: { version: number; actions: ProblemActionInput[] }): Promise<ProblemView> {
  invalid(input.actions.flatMap((a, i) => [...text(a.description, `actions.${i}.description`, true), ...text(a.result, `actions.${i}.result`, false, PROBLEM_NARRATIVE_LIMIT)]));
  return listSave(ctx, key, input.version, ACTION_STEP[kind], 'problem.actions.save', async (tx, txCtx, row) => {
    const now = txCtx.now();
    await assertCausesOf(tx, row.id, input.actions.map((a) => a.causeId), (i) => `actions.${i}.causeId`);
    const mine = new Set((await tx.select({ id: problemAction.id }).from(problemAction).where(and(eq(problemAction.problemId, row.id), eq(problemAction.kind, kind)))).map((a) => a.id));
    const kept = input.actions.map((a) => a.id).filter((id): id is string => !!id && mine.has(id));
    await tx.delete(problemAction).where(and(eq(problemAction.problemId, row.id), eq(problemAction.kind, kind), kept.length ? notInArray(problemAction.id, kept) : undefined));
    for (const [i, a] of input.actions.entries()) {
      const owner = a.ownerId ? await namedUser(tx, a.ownerId, `actions.${i}.ownerId`) : null;
      const status = a.status ?? (a.doneAt ? 'done' : 'open');
      const values = { description: a.description.trim(), causeId: a.causeId ?? null, ownerId: owner?.id ?? null, ownerName: owner?.name ?? null, plannedAt: a.plannedAt ?? null, doneAt: a.doneAt ?? (status === 'done' ? now : null), status, result: clean(a.result), sort: i, updatedAt: now };
      if (a.id && mine.has(a.id)) await tx.update(problemAction).set(values).where(eq(problemAction.id, a.id));
      else await tx.insert(problemAction).values({ ...values, problemId: row.id, kind, createdAt: now });
    }
    return { kind, actions: input.actions.length };
  });
}
