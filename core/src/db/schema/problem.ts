import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import {
  CAUSE_TRACKS,
  IS_NOT_DIMENSIONS,
  ISHIKAWA_CATEGORIES,
  PROBLEM_ACTION_KINDS,
  PROBLEM_ACTION_STATUSES,
  PROBLEM_MEMBER_ROLES,
  PROBLEM_SOURCES,
  PROBLEM_STATUSES,
  PROBLEM_STEP_STATES,
  PROBLEM_STEPS,
  PROBLEM_TYPES,
} from '../../domain/problem/vocabulary.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { site } from './org.ts';

/**
 * A problem handled by 8D (issue 24, spec 001 §3 "Problem", table key problem_manage_problem), numbered RS…
 * (`problem_num`, numbering module problem). Deleting marks it deleted (del_flg 1): its number is never
 * reused. People are kept by id and name (no foreign keys: like the log, a record outlives its users).
 */
export const problem = sqliteTable(
  'problem',
  {
    id: id(),
    problemNum: text('problem_num').notNull(),
    brief: text('brief').notNull(),
    description: text('description'),
    type: text('type', { enum: PROBLEM_TYPES }).notNull(),
    source: text('source', { enum: PROBLEM_SOURCES }).notNull(),
    happenedAt: timestamp('happened_at'),
    location: text('location'),
    frequency: text('frequency'),
    processingEquipment: text('processing_equipment'),
    unqualifiedBatch: text('unqualified_batch'),
    partNumber: text('part_number'),
    supplier: text('supplier'),
    /** A customer problem (spec fawProblem_index): listed on the customer page, with the customer's name. */
    customerProblem: integer('customer_problem', { mode: 'boolean' }).notNull().default(false),
    customerName: text('customer_name'),
    responsibleId: text('responsible_id'),
    responsibleName: text('responsible_name'),
    status: text('status', { enum: PROBLEM_STATUSES }).notNull().default('open'),
    /** The approver named when the 8D report was submitted for review, and who submitted it, when. */
    approverId: text('approver_id'),
    approverName: text('approver_name'),
    submitterId: text('submitter_id'),
    submitterName: text('submitter_name'),
    submittedAt: timestamp('submitted_at'),
    /** The last review decision's opinion (a rejection's reason; an approval's remark). */
    reviewOpinion: text('review_opinion'),
    /** Spec "release by and date": the approver who released the report, when. */
    releasedById: text('released_by_id'),
    releasedByName: text('released_by_name'),
    releasedAt: timestamp('released_at'),
    plannedCompletion: timestamp('planned_completion'),
    actualCompletion: timestamp('actual_completion'),
    /** Closed loop (true), not closed loop (false), undecided (null); changing a decision needs a reason. */
    closedLoop: integer('closed_loop', { mode: 'boolean' }),
    closedLoopReason: text('closed_loop_reason'),
    closedAt: timestamp('closed_at'),
    closedByName: text('closed_by_name'),
    /** Why it was closed while FMEA change proposals of it were still open (docs/domain/closed-loop.md, the close gate). */
    openProposalsReason: text('open_proposals_reason'),
    /** The experience record a closed problem's lesson was pushed to (catalog type experience). */
    experienceId: text('experience_id'),
    /** The site the problem was opened in (the creator's session site): readers of other sites do not see it. */
    siteId: text('site_id').references(() => site.id, { onDelete: 'set null' }),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    updaterId: text('updater_id'),
    updaterName: text('updater_name'),
    delFlg: delFlg(),
    deletedAt: timestamp('deleted_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('problem_num_unique').on(t.problemNum),
    index('problem_list_idx').on(t.delFlg, t.customerProblem, t.updatedAt),
    index('problem_responsible_idx').on(t.responsibleId),
  ],
);

/** One discipline of a problem: all ten rows exist from creation, each with its state, narrative and owner. */
export const problemStep = sqliteTable(
  'problem_step',
  {
    id: id(),
    problemId: text('problem_id')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    step: text('step', { enum: PROBLEM_STEPS }).notNull(),
    state: text('state', { enum: PROBLEM_STEP_STATES }).notNull().default('notStarted'),
    content: text('content'),
    ownerId: text('owner_id'),
    ownerName: text('owner_name'),
    dueAt: timestamp('due_at'),
    startedAt: timestamp('started_at'),
    finishedAt: timestamp('finished_at'),
    finishedByName: text('finished_by_name'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('problem_step_unique').on(t.problemId, t.step), index('problem_step_owner_idx').on(t.ownerId).where(sql`owner_id is not null`)],
);

/** The 8D team (D1). */
export const problemMember = sqliteTable(
  'problem_member',
  {
    id: id(),
    problemId: text('problem_id')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    role: text('role', { enum: PROBLEM_MEMBER_ROLES }).notNull().default('member'),
    /** The member's function in the team (quality, production, design…), free text. */
    duty: text('duty'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('problem_member_unique').on(t.problemId, t.userId), index('problem_member_user_idx').on(t.userId)],
);

/** Is / is-not (D2): per dimension, what the problem is and what it could be but is not. */
export const problemIsNot = sqliteTable(
  'problem_is_not',
  {
    id: id(),
    problemId: text('problem_id')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: IS_NOT_DIMENSIONS }).notNull(),
    isText: text('is_text'),
    isNotText: text('is_not_text'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('problem_is_not_problem_idx').on(t.problemId)],
);

/**
 * A cause found in D4, on one of the two tracks (why it occurred, why it was not detected): a bone of the
 * Ishikawa board (6M category) or the end of a 5-why chain; `rootCause` marks a confirmed root cause, which
 * corrective actions address and the FMEA loop (issue 24, H6) reads.
 */
export const problemCause = sqliteTable(
  'problem_cause',
  {
    id: id(),
    problemId: text('problem_id')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    track: text('track', { enum: CAUSE_TRACKS }).notNull(),
    category: text('category', { enum: ISHIKAWA_CATEGORIES }),
    description: text('description').notNull(),
    rootCause: integer('root_cause', { mode: 'boolean' }).notNull().default(false),
    /** How the cause was confirmed (test, reproduction, data). */
    verification: text('verification'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('problem_cause_problem_idx').on(t.problemId, t.track)],
);

/** One answer of a 5-why chain (D4): chains numbered per track, levels 1, 2, … ; a chain may end at a cause. */
export const problemWhy = sqliteTable(
  'problem_why',
  {
    id: id(),
    problemId: text('problem_id')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    track: text('track', { enum: CAUSE_TRACKS }).notNull(),
    chain: integer('chain').notNull(),
    level: integer('level').notNull(),
    answer: text('answer').notNull(),
    /** The cause the chain's answer names (its last level), when one was recorded. */
    causeId: text('cause_id').references(() => problemCause.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('problem_why_unique').on(t.problemId, t.track, t.chain, t.level)],
);

/** An action of the 8D: emergency (D0), containment (D3), permanent corrective (D5), verification (D6), prevent recurrence (D7A, D7B). */
export const problemAction = sqliteTable(
  'problem_action',
  {
    id: id(),
    problemId: text('problem_id')
      .notNull()
      .references(() => problem.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PROBLEM_ACTION_KINDS }).notNull(),
    description: text('description').notNull(),
    /** The root cause a corrective or preventive action addresses. */
    causeId: text('cause_id').references(() => problemCause.id, { onDelete: 'set null' }),
    ownerId: text('owner_id'),
    ownerName: text('owner_name'),
    plannedAt: timestamp('planned_at'),
    doneAt: timestamp('done_at'),
    status: text('status', { enum: PROBLEM_ACTION_STATUSES }).notNull().default('open'),
    /** Effect or evidence (containment effectiveness, verification result). */
    result: text('result'),
    sort: integer('sort').notNull().default(0),
    ...timestamps,
  },
  (t) => [index('problem_action_problem_idx').on(t.problemId, t.kind)],
);
