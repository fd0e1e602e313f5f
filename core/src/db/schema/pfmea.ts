import { index, integer, text, sqliteTable, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { CONTROL_PLAN_LINE_ORIGINS, CONTROL_PLAN_PHASES, FLOW_BRANCH_KINDS } from '../../domain/pfmea/vocabulary.ts';
import { id, timestamp } from './columns.ts';
import { fmeaCharacteristic, fmeaControl, fmeaNode } from './fmea-analysis.ts';
import { editableColumns, fmeaProject } from './fmea-project.ts';

/**
 * The PFMEA's two other views. The process flow chart is the process steps
 * themselves (symbol, inputs, outputs on fmea_node) plus its branches here; the
 * control plan's lines point at the PFMEA's steps, characteristics and
 * controls and keep only what the PFMEA does not hold (specification, sample,
 * frequency, reaction plan …) and the basis they were last reviewed against.
 */
const projectId = () =>
  text('project_id')
    .notNull()
    .references(() => fmeaProject.id, { onDelete: 'cascade' });

/** A rework or scrap branch leaving a process step (rework returns to a step; scrap leaves the flow). */
export const processFlowBranch = sqliteTable(
  'process_flow_branch',
  {
    id: id(),
    projectId: projectId(),
    fromNodeId: text('from_node_id')
      .notNull()
      .references(() => fmeaNode.id, { onDelete: 'cascade' }),
    toNodeId: text('to_node_id').references(() => fmeaNode.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FLOW_BRANCH_KINDS }).notNull(),
    label: text('label'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [index('process_flow_branch_project_idx').on(t.projectId, t.sort)],
);

/** One control plan per PFMEA and phase, with the AIAG form's header block (JSON, see domain/pfmea/control-plan.ts). */
export const controlPlan = sqliteTable(
  'control_plan',
  {
    id: id(),
    projectId: projectId(),
    phase: text('phase', { enum: CONTROL_PLAN_PHASES }).notNull(),
    header: text('header', { mode: 'json' }).$type<Record<string, string>>().notNull().default({}),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('control_plan_project_phase_unique').on(t.projectId, t.phase)],
);

export const controlPlanLine = sqliteTable(
  'control_plan_line',
  {
    id: id(),
    projectId: projectId(),
    planId: text('plan_id')
      .notNull()
      .references(() => controlPlan.id, { onDelete: 'cascade' }),
    origin: text('origin', { enum: CONTROL_PLAN_LINE_ORIGINS }).notNull(),
    /** The PFMEA process step and characteristic the line controls; null when never linked, or cleared by a deletion (the basis remembers). */
    stepNodeId: text('step_node_id').references((): AnySQLiteColumn => fmeaNode.id, { onDelete: 'set null' }),
    characteristicId: text('characteristic_id').references(() => fmeaCharacteristic.id, { onDelete: 'set null' }),
    /** Texts of a line not linked to the PFMEA (manual or imported); a linked line reads these from the PFMEA. */
    processNo: text('process_no'),
    processName: text('process_name'),
    machine: text('machine'),
    characteristicNo: text('characteristic_no'),
    productCharacteristic: text('product_characteristic'),
    processCharacteristic: text('process_characteristic'),
    specialClass: text('special_class'),
    /** The control plan's own columns. */
    specification: text('specification'),
    measurementTechnique: text('measurement_technique'),
    sampleSize: text('sample_size'),
    sampleFrequency: text('sample_frequency'),
    /** Set only when the control plan says something other than the PFMEA's controls: a contradiction to review. */
    controlMethod: text('control_method'),
    reactionPlan: text('reaction_plan'),
    /** What the PFMEA said when the line was generated or last reviewed (JSON): the suspect marks are the differences. */
    basis: text('basis', { mode: 'json' }).$type<unknown>(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [index('control_plan_line_plan_idx').on(t.planId, t.sort), index('control_plan_line_project_idx').on(t.projectId), index('control_plan_line_char_idx').on(t.characteristicId)],
);

/** The PFMEA controls a control-plan line cites as its control method (prevention) and evaluation technique (detection). */
export const controlPlanLineControl = sqliteTable(
  'control_plan_line_control',
  {
    lineId: text('line_id')
      .notNull()
      .references(() => controlPlanLine.id, { onDelete: 'cascade' }),
    controlId: text('control_id')
      .notNull()
      .references(() => fmeaControl.id, { onDelete: 'cascade' }),
    projectId: projectId(),
  },
  (t) => [uniqueIndex('control_plan_line_control_unique').on(t.lineId, t.controlId), index('control_plan_line_control_control_idx').on(t.controlId)],
);
