import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { FMEA_REVIEW_CONCLUSIONS, FMEA_REVIEW_EVENTS, FMEA_REVIEW_ROLES } from '../../domain/status/fmea-review.ts';
import { FMEA_REVIEW_WALK_STEPS } from '../../domain/status/fmea-review-walk.ts';
import { RELEASE_CONDITIONS } from '../../domain/status/approval.ts';
import { id, timestamp } from './columns.ts';
import { fmeaProject } from './fmea-project.ts';

/**
 * One review round of an FMEA project (docs/domain/fmea-review.md): opened by
 * a submission or a re-review, with its release condition and, when reached,
 * its approval and release. The project's current status is on
 * fmea_project.review_status; a round is never deleted (history).
 */
export const fmeaReviewRound = sqliteTable(
  'fmea_review_round',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    releaseCondition: text('release_condition', { enum: RELEASE_CONDITIONS }).notNull(),
    submittedBy: text('submitted_by'),
    submittedAt: timestamp('submitted_at').notNull(),
    approvedBy: text('approved_by'),
    approvedAt: timestamp('approved_at'),
    releasedAt: timestamp('released_at'),
    /** Set when the round was rejected back to the author. */
    rejectedAt: timestamp('rejected_at'),
  },
  (t) => [uniqueIndex('fmea_review_round_unique').on(t.projectId, t.round)],
);

/** The four named reviewers of a round (user ids, no foreign key: like the log they outlive their users). */
export const fmeaReviewAssignee = sqliteTable(
  'fmea_review_assignee',
  {
    roundId: text('round_id')
      .notNull()
      .references(() => fmeaReviewRound.id, { onDelete: 'cascade' }),
    role: text('role', { enum: FMEA_REVIEW_ROLES }).notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.role] }), index('fmea_review_assignee_user_idx').on(t.userId)],
);

/**
 * Every step of the review path, in order: submissions, opinions (role,
 * conclusion, text), approvals, rejections (text), releases, revocations,
 * republications, re-reviews, and the first edit that moved a project into
 * preparation. The round's state is rebuilt from its rows.
 */
export const fmeaReviewStep = sqliteTable(
  'fmea_review_step',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    /** Null for an edit before the first submission. */
    roundId: text('round_id').references(() => fmeaReviewRound.id, { onDelete: 'cascade' }),
    event: text('event', { enum: FMEA_REVIEW_EVENTS }).notNull(),
    userId: text('user_id'),
    role: text('role', { enum: FMEA_REVIEW_ROLES }),
    conclusion: text('conclusion', { enum: FMEA_REVIEW_CONCLUSIONS }),
    opinion: text('opinion'),
    /** The project status the step left. */
    status: text('status').notNull(),
    /** Submit, re-review, release: how many check warnings (docs/domain/fmea-checks.md) the actor read and acknowledged; null when there were none. */
    acknowledgedWarnings: integer('acknowledged_warnings'),
    at: timestamp('at').notNull(),
  },
  (t) => [index('fmea_review_step_project_idx').on(t.projectId, t.at), index('fmea_review_step_round_idx').on(t.roundId)],
);

/**
 * The review walk (docs/domain/fmea-review.md): the steps each opinion
 * reviewer of a round marked reviewed, in the order of the walk (spec 001 §4
 * "reviews proceed in order starting from the block diagram"). Per user, so
 * a reviewer holding both opinion roles walks once.
 */
export const fmeaReviewWalk = sqliteTable(
  'fmea_review_walk',
  {
    roundId: text('round_id')
      .notNull()
      .references(() => fmeaReviewRound.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    step: text('step', { enum: FMEA_REVIEW_WALK_STEPS }).notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roundId, t.userId, t.step] })],
);
