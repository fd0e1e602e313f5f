import { sql } from 'drizzle-orm';
import { check, index, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id } from './columns.ts';
import { fmeaFailure, fmeaNode } from './fmea-analysis.ts';
import { editableColumns, fmeaProject } from './fmea-project.ts';

/**
 * The quantitative FMECA's inputs of a project (docs/domain/fmeca.md): per
 * item (a structure node) its failure rate λp in FIT and its operating time t
 * in hours, per failure mode its failure-effect probability β and, where it is
 * not the mode's frequency ratio, its mode ratio α. One row per item or mode;
 * they go with the node or mode. A typed λp or α here wins over the FMEDA's (docs/domain/fmeca.md).
 */
export const fmecaInput = sqliteTable(
  'fmeca_input',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    nodeId: text('node_id').references(() => fmeaNode.id, { onDelete: 'cascade' }),
    modeId: text('mode_id').references(() => fmeaFailure.id, { onDelete: 'cascade' }),
    lambdaFit: real('lambda_fit'),
    hours: real('hours'),
    beta: real('beta'),
    alpha: real('alpha'),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('fmeca_input_node_unique').on(t.nodeId),
    uniqueIndex('fmeca_input_mode_unique').on(t.modeId),
    index('fmeca_input_project_idx').on(t.projectId),
    check('fmeca_input_target', sql`(${t.nodeId} is null) <> (${t.modeId} is null)`),
    check('fmeca_input_item', sql`${t.nodeId} is not null or (${t.lambdaFit} is null and ${t.hours} is null)`),
    check('fmeca_input_mode', sql`${t.modeId} is not null or (${t.beta} is null and ${t.alpha} is null)`),
    check('fmeca_input_ranges', sql`(${t.lambdaFit} is null or ${t.lambdaFit} >= 0) and (${t.hours} is null or ${t.hours} >= 0) and (${t.beta} is null or ${t.beta} between 0 and 1) and (${t.alpha} is null or ${t.alpha} between 0 and 1)`),
  ],
);
