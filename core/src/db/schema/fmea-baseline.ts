import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PROJECT_TYPES } from '../../domain/fmea/vocabulary.ts';
import { id, timestamp } from './columns.ts';
import { fmeaProject } from './fmea-project.ts';

/**
 * A frozen copy of an FMEA project's whole analysis, taken when it is released
 * (docs/domain/fmea-baselines.md). Immutable: no service updates a row, and a
 * trigger (migration 0016_fmea_baseline_immutable) refuses any UPDATE; rows go only with their project (the
 * cascade; a DELETE while the project exists is refused: 0020_fmea_baseline_delete_with_project).
 */
export const fmeaBaseline = sqliteTable(
  'fmea_baseline',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    projectType: text('project_type', { enum: PROJECT_TYPES }).notNull(),
    /** 1, 2, … per project: the label's number. */
    seq: integer('seq').notNull(),
    /** The review round whose release froze it. */
    round: integer('round').notNull(),
    /** The project's version and the round, e.g. "B/2". */
    versionLabel: text('version_label').notNull(),
    /** "BL1", "BL2", … what the CLI and the workbench name it by. */
    label: text('label').notNull(),
    /** The canonical JSON of the analysis (domain/fmea-baseline/canonical.ts). */
    content: text('content').notNull(),
    /** sha256 hex of `content`. */
    contentHash: text('content_hash').notNull(),
    nodeCount: integer('node_count').notNull(),
    chainCount: integer('chain_count').notNull(),
    /** User id (no foreign key: like the log, a baseline outlives its users). */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at').notNull(),
  },
  (t) => [uniqueIndex('fmea_baseline_seq_unique').on(t.projectId, t.seq), index('fmea_baseline_hash_idx').on(t.contentHash)],
);
