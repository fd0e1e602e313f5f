import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { LOOP_SOURCE_KINDS, PROPOSAL_CONTROL_KINDS, PROPOSAL_KINDS, PROPOSAL_STATUSES } from '../../domain/loop/vocabulary.ts';
import { id, timestamp, timestamps } from './columns.ts';
import { fmeaAction, fmeaFailure } from './fmea-analysis.ts';
import { fmeaProject } from './fmea-project.ts';

/**
 * An FMEA change proposal (issue 24, docs/domain/closed-loop.md): a problem's
 * root cause or an EWO asks an FMEA row for a missing cause, a higher O or D,
 * or a new control; the FMEA's responsible person accepts it (it becomes the
 * optimisation action `action_id`) or rejects it with a reason. The source is
 * kept by kind, id and number (no foreign key: problems and EWOs are other
 * areas' records, and a deleted one still explains the change). The target
 * row's text and ratings are copied at proposing, so the trace reads the same
 * after the row changes or goes.
 */
export const fmeaChangeProposal = sqliteTable(
  'fmea_change_proposal',
  {
    id: id(),
    sourceKind: text('source_kind', { enum: LOOP_SOURCE_KINDS }).notNull(),
    sourceId: text('source_id').notNull(),
    /** The source's number (RS…, EC…) as it was when proposing. */
    sourceNumber: text('source_number').notNull(),
    /** The part of the source the proposal comes from (a root cause of the problem), when one. */
    sourceItemId: text('source_item_id'),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    targetRowId: text('target_row_id').references(() => fmeaFailure.id, { onDelete: 'set null' }),
    targetKind: text('target_kind', { enum: ['FM', 'FC'] }).notNull(),
    targetText: text('target_text').notNull(),
    previousOccurrence: integer('previous_occurrence'),
    previousDetection: integer('previous_detection'),
    kind: text('kind', { enum: PROPOSAL_KINDS }).notNull(),
    /** The cause, control or change in a line. */
    description: text('description').notNull(),
    rationale: text('rationale').notNull(),
    occurrence: integer('occurrence'),
    detection: integer('detection'),
    controlKind: text('control_kind', { enum: PROPOSAL_CONTROL_KINDS }),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('open'),
    proposedById: text('proposed_by_id'),
    proposedByName: text('proposed_by_name'),
    decidedById: text('decided_by_id'),
    decidedByName: text('decided_by_name'),
    decidedAt: timestamp('decided_at'),
    decisionReason: text('decision_reason'),
    /** The optimisation action an accepted proposal became. */
    actionId: text('action_id').references(() => fmeaAction.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    index('fmea_change_proposal_source_idx').on(t.sourceKind, t.sourceId),
    index('fmea_change_proposal_project_idx').on(t.projectId, t.status),
    index('fmea_change_proposal_row_idx').on(t.targetRowId),
    index('fmea_change_proposal_action_idx').on(t.actionId),
  ],
);
