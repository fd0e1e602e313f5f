import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { MEASUREMENT_SOURCES, STUDY_CHARTS, type StudyRunRule } from '../../domain/spc-study/vocabulary.ts';
import { id, timestamp } from './columns.ts';
import { fmeaCharacteristic } from './fmea-analysis.ts';
import { editableColumns, fmeaProject } from './fmea-project.ts';
import { controlPlanLine } from './pfmea.ts';

/** Phase-I limits as frozen (docs/domain/spc.md): the primary chart's, the secondary chart's, and the within sigma. */
export interface FrozenSpcLimits {
  readonly center: number;
  readonly lcl: number;
  readonly ucl: number;
  readonly sigma?: number | null;
  readonly secondary?: { readonly center: number; readonly lcl: number; readonly ucl: number } | null;
}

/**
 * An SPC study (issue 25; docs/domain/spc.md, "The SPC work area"): one characteristic of a PFMEA's control
 * plan measured over time, numbered SP… (numbering module spcStudy). It belongs to the PFMEA project (whose
 * read and write rules it follows) and points at the control-plan line and the PFMEA characteristic it
 * measures; both set null when those rows go, the label copied here keeps the study readable.
 * The specification limits start from the line's specification text and are the study's own after that.
 * Phase I ends when limits are frozen: measurements up to `frozen_through` (a sequence) made them, later ones
 * are judged against them.
 */
export const spcStudy = sqliteTable(
  'spc_study',
  {
    id: id(),
    studyNum: text('study_num').notNull(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    lineId: text('line_id').references(() => controlPlanLine.id, { onDelete: 'set null' }),
    characteristicId: text('characteristic_id').references(() => fmeaCharacteristic.id, { onDelete: 'set null' }),
    /** The characteristic as named when the study was made (the line's or the PFMEA's name). */
    name: text('name').notNull(),
    chart: text('chart', { enum: STUDY_CHARTS }).notNull(),
    subgroupSize: integer('subgroup_size').notNull(),
    specification: text('specification'),
    lsl: real('lsl'),
    usl: real('usl'),
    target: real('target'),
    /** Nelson's rules checked on the primary chart and on the range / S / MR chart. */
    rules: text('rules', { mode: 'json' }).$type<StudyRunRule[]>().notNull(),
    secondaryRules: text('secondary_rules', { mode: 'json' }).$type<StudyRunRule[]>().notNull(),
    frozenLimits: text('frozen_limits', { mode: 'json' }).$type<FrozenSpcLimits>(),
    frozenThrough: integer('frozen_through'),
    frozenAt: timestamp('frozen_at'),
    frozenById: text('frozen_by_id'),
    frozenByName: text('frozen_by_name'),
    /** The 8D last opened from an out-of-control signal of the study (kept by id and number, as the loop keeps its sources). */
    problemId: text('problem_id'),
    problemNum: text('problem_num'),
    /** The last sequence given to a measurement (the next batch continues after it). */
    lastSeq: integer('last_seq').notNull().default(0),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('spc_study_num_unique').on(t.studyNum), index('spc_study_project_idx').on(t.projectId), index('spc_study_characteristic_idx').on(t.characteristicId), index('spc_study_line_idx').on(t.lineId)],
);

/**
 * One measurement of a study: a value of a variables chart (one row per value, grouped by its subgroup
 * label), or the count and sample size of an attribute chart's subgroup. A study may hold hundreds of
 * thousands: rows are narrow, keyed by an integer, and read in order through (study, seq).
 */
export const spcMeasurement = sqliteTable(
  'spc_measurement',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    studyId: text('study_id')
      .notNull()
      .references(() => spcStudy.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    subgroup: text('subgroup').notNull(),
    value: real('value'),
    count: integer('count'),
    size: real('size'),
    measuredAt: timestamp('measured_at').notNull(),
    source: text('source', { enum: MEASUREMENT_SOURCES }).notNull(),
  },
  (t) => [uniqueIndex('spc_measurement_study_seq_unique').on(t.studyId, t.seq)],
);
