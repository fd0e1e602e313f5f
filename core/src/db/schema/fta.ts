import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { FAILURE_KINDS } from '../../domain/fmea/vocabulary.ts';
import { FTA_LINK_EVENT_KINDS, FTA_REVIEW_REASONS, FTA_STATUSES } from '../../domain/fta/vocabulary.ts';
import type { FtaDocument } from '../../domain/fta/document.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { fmeaProject } from './fmea-project.ts';

/**
 * A stored fault tree (issue 23, area ftaIndex): one FtaDocument (core/src/domain/fta/document.ts) as JSON,
 * numbered FT… (`fta_num`, numbering module faultTree). A tree generated from a DFMEA keeps the project and
 * the failure effect it came from; deleting marks it deleted (del_flg 1), so its number is never reused and
 * a transfer naming it says the tree is gone.
 */
export const ftaTree = sqliteTable(
  'fta_tree',
  {
    id: id(),
    ftaNum: text('fta_num').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    document: text('document', { mode: 'json' }).$type<FtaDocument>().notNull(),
    /** Hours; the document's own, kept as a column for the list. */
    missionTime: real('mission_time').notNull(),
    /** The FMEA project it is linked to (generated from); reading the tree then needs read access to it. */
    projectId: text('project_id').references(() => fmeaProject.id, { onDelete: 'set null' }),
    /** The failure effect it was generated from (no foreign key: a deleted effect leaves the tree, its links say so). */
    sourceFailureId: text('source_failure_id'),
    status: text('status', { enum: FTA_STATUSES }).notNull().default('draft'),
    /** The approver the submitter named (under review: the one who decides; kept after, for the record). */
    approverId: text('approver_id'),
    approverName: text('approver_name'),
    /** Who submitted the tree for review, and when: told the decision. */
    submitterId: text('submitter_id'),
    submitterName: text('submitter_name'),
    submittedAt: timestamp('submitted_at'),
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
    uniqueIndex('fta_tree_num_unique').on(t.ftaNum),
    index('fta_tree_project_idx').on(t.projectId).where(sql`project_id is not null`),
    index('fta_tree_updated_idx').on(t.delFlg, t.updatedAt),
  ],
);

/**
 * A tree event tied to an FMEA item (top event ↔ failure effect, gate ↔ failure mode, basic event ↔ cause).
 * `fingerprint` is the FMEA item as it was when linked or last reviewed (its description and ratings): a read
 * that finds the item different or gone reports the link for review, so FMEA writes need no hook. A save of
 * the tree that changes the event sets `review_needed` with reason treeChanged, which the FMEA side reads.
 * No foreign key on failure_id: FMEA items are deleted outright, and the link must outlive them to say so.
 */
export const ftaEventLink = sqliteTable(
  'fta_event_link',
  {
    id: id(),
    treeId: text('tree_id')
      .notNull()
      .references(() => ftaTree.id, { onDelete: 'cascade' }),
    eventName: text('event_name').notNull(),
    eventKind: text('event_kind', { enum: FTA_LINK_EVENT_KINDS }).notNull(),
    projectId: text('project_id').notNull(),
    failureId: text('failure_id').notNull(),
    failureKind: text('failure_kind', { enum: FAILURE_KINDS }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    /** The tree event as linked or last reviewed (its operator, inputs, model, label), to tell a change on save. */
    eventFingerprint: text('event_fingerprint').notNull(),
    reviewNeeded: integer('review_needed', { mode: 'boolean' }).notNull().default(false),
    reviewReason: text('review_reason', { enum: FTA_REVIEW_REASONS }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fta_event_link_unique').on(t.treeId, t.eventName),
    index('fta_event_link_failure_idx').on(t.failureId),
    index('fta_event_link_project_idx').on(t.projectId),
  ],
);

/** What a release froze of the analysis: the probabilities, the cut-set count and the mission time. */
export interface FtaReleaseResult {
  missionTime: number;
  /** rareEvent and mcub are null for a tree with NOT or XOR (no minimal cut sets). */
  probability: { exact: number; rareEvent: number | null; mcub: number | null };
  /** null for a tree with NOT or XOR (no minimal cut sets). */
  cutSetCount: number | null;
  top: string;
}

/**
 * A release of a fault tree (issue 23): the document and its analysis frozen when the named approver approved,
 * numbered 1, 2, … per tree. Revoking the release returns the tree to draft and keeps these rows: a later
 * approval adds the next number.
 */
export const ftaTreeRelease = sqliteTable(
  'fta_tree_release',
  {
    id: id(),
    treeId: text('tree_id')
      .notNull()
      .references(() => ftaTree.id, { onDelete: 'cascade' }),
    releaseNum: integer('release_num').notNull(),
    document: text('document', { mode: 'json' }).$type<FtaDocument>().notNull(),
    result: text('result', { mode: 'json' }).$type<FtaReleaseResult>().notNull(),
    submitterId: text('submitter_id'),
    submitterName: text('submitter_name'),
    releasedById: text('released_by_id'),
    releasedByName: text('released_by_name'),
    releasedAt: timestamp('released_at').notNull(),
    opinion: text('opinion'),
    /** When the release was revoked (the tree went back to draft), and by whom; null while it is the current one. */
    revokedAt: timestamp('revoked_at'),
    revokedByName: text('revoked_by_name'),
    ...timestamps,
  },
  (t) => [uniqueIndex('fta_tree_release_num_unique').on(t.treeId, t.releaseNum)],
);
