import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DVP_PLAN_STATES, DVP_RESULTS, DVP_STAGES, RERATE_SOURCE_KINDS } from '../../domain/dvp/vocabulary.ts';
import { id, timestamp, timestamps } from './columns.ts';
import { file } from './file.ts';
import { fmeaControl, fmeaFailure } from './fmea-analysis.ts';
import { fmeaProject } from './fmea-project.ts';

/**
 * A DVP&R, design verification plan and report (issue 25; spec 001 §3 serial `dvp_num`, prefix DP;
 * docs/domain/dvp.md): one per DFMEA project, the tests that prove its detection controls. Who may read and
 * write it follows the DFMEA project (services/dvp/access.ts).
 */
export const dvpPlan = sqliteTable(
  'dvp_plan',
  {
    id: id(),
    dvpNum: text('dvp_num').notNull(),
    name: text('name').notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DVP_PLAN_STATES }).notNull().default('planning'),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    updaterName: text('updater_name'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('dvp_plan_num_unique').on(t.dvpNum), uniqueIndex('dvp_plan_project_unique').on(t.projectId)],
);

/**
 * One test of a plan, a row of the DVP&R form: the spec's DVP fields, what the AIAG form adds (test item,
 * acceptance criteria, stage, responsible, planned and actual dates, samples), its result with who set it when,
 * and the report (an uploaded file, served to those who may read the plan: services/files/access.ts).
 * `project_id` repeats the plan's, so the DFMEA side reads its tests in one query.
 */
export const dvpTest = sqliteTable(
  'dvp_test',
  {
    id: id(),
    planId: text('plan_id')
      .notNull()
      .references(() => dvpPlan.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    /** The test's number within its plan (DP…-01); unique in the plan. */
    testNum: text('test_num').notNull(),
    name: text('name').notNull(),
    classification: text('classification'),
    analysisProject: text('analysis_project'),
    dimensionChainLevel: text('dimension_chain_level'),
    calculationMethod: text('calculation_method'),
    /** The dvp_standard catalog record (root id) the test follows, and its name + test project as picked. */
    standardRecordId: text('standard_record_id'),
    testStandard: text('test_standard'),
    testQuantity: integer('test_quantity'),
    testItem: text('test_item'),
    acceptanceCriteria: text('acceptance_criteria'),
    testStage: text('test_stage', { enum: DVP_STAGES }),
    responsibleUserId: text('responsible_user_id'),
    responsibleName: text('responsible_name'),
    /** YYYY-MM-DD. */
    plannedStart: text('planned_start'),
    plannedEnd: text('planned_end'),
    actualStart: text('actual_start'),
    actualEnd: text('actual_end'),
    sampleQuantity: integer('sample_quantity'),
    /** Null: not yet tested. */
    result: text('result', { enum: DVP_RESULTS }),
    resultNote: text('result_note'),
    resultById: text('result_by_id'),
    resultByName: text('result_by_name'),
    resultAt: timestamp('result_at'),
    reportFileId: text('report_file_id').references(() => file.id, { onDelete: 'set null' }),
    sort: integer('sort').notNull(),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('dvp_test_num_unique').on(t.planId, t.testNum),
    index('dvp_test_plan_idx').on(t.planId, t.sort),
    index('dvp_test_project_idx').on(t.projectId),
    index('dvp_test_responsible_idx').on(t.responsibleUserId).where(sql`responsible_user_id is not null`),
    index('dvp_test_report_idx').on(t.reportFileId),
  ],
);

/** Which DFMEA detection controls a test proves (a test may prove several; a control may have several tests). */
export const dvpTestControl = sqliteTable(
  'dvp_test_control',
  {
    testId: text('test_id')
      .notNull()
      .references(() => dvpTest.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => fmeaControl.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('dvp_test_control_unique').on(t.testId, t.controlId), index('dvp_test_control_control_idx').on(t.controlId), index('dvp_test_control_project_idx').on(t.projectId)],
);

/**
 * A failure chain marked for re-rating (issue 25, "an unqualified result marks the linked failure chains for
 * re-rating"; docs/domain/dvp.md "Marks"): set on the cause of the chain by a source (a DVP test's unqualified
 * result), shown by the FMEA beside the cause, cleared when the cause is re-rated (its O or D changes, or an action
 * on it brings a new O or D) or when the source's result changes back. Kept after clearing, for the trace.
 */
export const fmeaRerateMark = sqliteTable(
  'fmea_rerate_mark',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    causeId: text('cause_id')
      .notNull()
      .references(() => fmeaFailure.id, { onDelete: 'cascade' }),
    sourceKind: text('source_kind', { enum: RERATE_SOURCE_KINDS }).notNull(),
    sourceId: text('source_id').notNull(),
    /** The source's number as it was (DP…-01), so the mark reads after the source goes. */
    sourceNumber: text('source_number').notNull(),
    reason: text('reason').notNull(),
    createdByName: text('created_by_name'),
    clearedAt: timestamp('cleared_at'),
    clearedByName: text('cleared_by_name'),
    ...timestamps,
  },
  (t) => [index('fmea_rerate_mark_project_idx').on(t.projectId, t.clearedAt), index('fmea_rerate_mark_cause_idx').on(t.causeId), index('fmea_rerate_mark_source_idx').on(t.sourceKind, t.sourceId)],
);
