import { eq } from 'drizzle-orm';
import { problem } from '../../db/schema/index.ts';
import { ConflictError, InvalidTransitionError } from '../../errors.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { TEXT_LIMIT } from '../../domain/validation/index.ts';
import { applyCatalogRecord } from '../catalog/flow.ts';
import { createCatalogRecord, getCatalogRecord } from '../catalog/records.ts';
import type { CatalogRecordView } from '../catalog/store.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertVersion, problemCaller, problemFor } from './access.ts';
import type { ProblemMessageKey } from './messages.ts';
import { problemView, type ProblemView } from './view.ts';

/**
 * Lessons learned (issue 24): a closed problem becomes a record of the experience library (catalog type
 * experience) and goes into the catalog's own review flow (editing → to be approved → …, docs/domain/catalog.md),
 * so the library's reviewers decide what it teaches. The record is drafted from the 8D: its type, the brief as
 * the failure description, the part as the product, the root causes, and the corrective and preventive actions;
 * the caller may say any of it better (`values`). The experience route's own rights apply (add, edit).
 * Three steps, each whole: the record is created, the problem links it, the record is applied for review. When
 * applying is refused (English required, say), the linked record stays in editing for its author to finish on
 * the experience page.
 */
export interface LessonInput {
  version: number;
  /** The experience record's fields by their spec names, over the draft (problemType, classification, failureDesc, enFailureDesc, product, cause, preventiveMeasures, productType). */
  values?: Record<string, unknown>;
  /** The remark applying for review. */
  remark?: string | null;
}

export interface LessonOutcome {
  problem: ProblemView;
  experience: CatalogRecordView;
}

const cut = (text: string) => (Array.from(text).length > TEXT_LIMIT ? `${Array.from(text).slice(0, TEXT_LIMIT - 1).join('')}…` : text);
const joined = (items: readonly string[]) => cut(items.filter((t) => t.trim() !== '').join('；'));

/** The experience record's draft from a problem's 8D. */
export function lessonDraft(view: ProblemView): Record<string, unknown> {
  const root = view.causes.filter((c) => c.rootCause);
  const causes = (root.length ? root : view.causes).map((c) => c.description);
  const measures = view.actions.filter((a) => a.kind === 'corrective' || a.kind === 'preventive' || a.kind === 'readAcross').map((a) => a.description);
  return {
    problemType: view.type,
    classification: cut(`8D ${view.problemNum}`),
    failureDesc: cut(view.brief),
    product: cut(view.partNumber ?? view.customerName ?? view.brief),
    cause: joined(causes),
    preventiveMeasures: joined(measures),
  };
}

export async function pushProblemLesson(ctx: ServiceContext, key: string, input: LessonInput): Promise<LessonOutcome> {
  const caller = await problemCaller(ctx.db, ctx.actor);
  const before = await problemFor(ctx.db, caller, key, 'edit');
  assertVersion(before, input.version);
  if (before.status !== 'closed') throw new InvalidTransitionError('problem.lesson_not_closed' satisfies ProblemMessageKey, { from: before.status, event: 'lesson', problem: before.problemNum });
  const caught = before.experienceId ? await getCatalogRecord(ctx, before.experienceId).catch(() => null) : null;
  // a lesson whose applying was refused before (English required, say) is applied again once its author fixed it
  if (caught && caught.status !== KNOWLEDGE_STATUS.editing) throw new ConflictError('problem.lesson_already_pushed' satisfies ProblemMessageKey, { problem: before.problemNum, experience: caught.serialNum });
  let row = before;
  let record = caught;
  if (!record) {
    const draft = lessonDraft(await problemView(ctx.db, caller, before));
    const created = await createCatalogRecord(ctx, 'experience', { values: { ...draft, ...input.values }, remark: input.remark ?? null });
    record = created;
    row = await writeAndLog(ctx, async (tx, txCtx) => {
      // the lesson link is not a change of the 8D: the version stays, so a page holding the problem goes on
      const [linked] = await tx.update(problem).set({ experienceId: created.id, updatedAt: txCtx.now() }).where(eq(problem.id, before.id)).returning();
      return { result: linked!, log: { action: 'problem.lesson', entity: 'problem', entityId: before.id, after: { experience: created.serialNum } } };
    });
  }
  const experience = await applyCatalogRecord(ctx, record.id, { version: record.version, opinion: input.remark ?? null });
  return { problem: await problemView(ctx.db, caller, row), experience };
}
