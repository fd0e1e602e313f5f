import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ASILS, FAULT_CLASSES } from '../../domain/fmeda/metrics.ts';
import { ELEMENT_TYPES, FMEDA_STANDARDS } from '../../domain/fmeda/project.ts';
import { id } from './columns.ts';
import { editableColumns, fmeaProject } from './fmea-project.ts';

/**
 * The stored FMEDA (issue 23; spec 001 table key fmeda_project, serial fmeda_num = the project's
 * serial_num, prefix FM). The project itself is an FMEA project of type 'fmeda' (header, team, review,
 * baselines); this row holds what only an FMEDA has: the standard it is judged by and its target.
 */
export const fmedaProject = sqliteTable(
  'fmeda_project',
  {
    projectId: text('project_id')
      .primaryKey()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    standard: text('standard', { enum: FMEDA_STANDARDS }).notNull(),
    /** ISO 26262: the ASIL the element is to meet (B, C, D). */
    targetAsil: text('target_asil', { enum: ASILS }),
    /** IEC 61508: the SIL claimed, the element's type (A, B) and its hardware fault tolerance. */
    targetSil: integer('target_sil'),
    elementType: text('element_type', { enum: ELEMENT_TYPES }),
    hft: integer('hft'),
    /** The safety goal (or safety function) the element serves. */
    safetyGoal: text('safety_goal'),
    /** The DFMEA project and structure node the worksheet was generated from; kept when they go. */
    sourceProjectId: text('source_project_id'),
    sourceNodeId: text('source_node_id'),
    ...editableColumns(),
  },
  (t) => [
    check('fmeda_project_sil', sql`${t.targetSil} is null or ${t.targetSil} between 1 and 4`),
    check('fmeda_project_hft', sql`${t.hft} is null or ${t.hft} between 0 and 2`),
  ],
);

/** One worksheet row: a failure mode of a hardware element, shares in percent as the worksheet shows them. */
export const fmedaRow = sqliteTable(
  'fmeda_row',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    elementName: text('element_name').notNull(),
    /** λ of the element in FIT (1e-9 per hour). */
    elementFit: real('element_fit').notNull(),
    failureMode: text('failure_mode').notNull(),
    distributionPct: real('distribution_pct').notNull(),
    faultClass: text('fault_class', { enum: FAULT_CLASSES }).notNull(),
    residualMechanism: text('residual_mechanism'),
    dcResidualPct: real('dc_residual_pct'),
    latentMechanism: text('latent_mechanism'),
    dcLatentPct: real('dc_latent_pct'),
    /** The hardware resource catalog record the element's λ and modes were filled from. */
    catalogRecordId: text('catalog_record_id'),
    /** The DFMEA structure node (the element) and failure (the mode) the row was generated from. */
    sourceNodeId: text('source_node_id'),
    sourceFailureId: text('source_failure_id'),
    ...editableColumns(),
  },
  (t) => [
    index('fmeda_row_project_idx').on(t.projectId, t.sort),
    check('fmeda_row_fit', sql`${t.elementFit} >= 0`),
    check('fmeda_row_distribution', sql`${t.distributionPct} between 0 and 100`),
    check('fmeda_row_dc_residual', sql`${t.dcResidualPct} is null or ${t.dcResidualPct} between 0 and 100`),
    check('fmeda_row_dc_latent', sql`${t.dcLatentPct} is null or ${t.dcLatentPct} between 0 and 100`),
  ],
);
