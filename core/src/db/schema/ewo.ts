import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { EWO_BREAKPOINT_KINDS, EWO_BREAKPOINT_RESULTS, EWO_DOCUMENT_SIDES, EWO_ENTRY_KINDS, EWO_FMEA_REFS, EWO_ITEM_KINDS, EWO_SOURCES, EWO_STATES, EWO_TYPES } from '../../domain/ewo/vocabulary.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { file } from './file.ts';

/**
 * An engineering change order (issue 24; spec 001 §3 table key `ewo`, number `ewo_num` with prefix EC;
 * docs/domain/ewo.md): what changes and why, its tracker, its state in the flow (core/src/domain/ewo/flow.ts),
 * the publish request and decision, and the breakpoint (cut-in) with its verification. Users are named by id
 * with their names kept beside (the record outlives them, as the operation log does). Deleting marks it deleted,
 * so its number is never reused.
 */
export const ewo = sqliteTable(
  'ewo',
  {
    id: id(),
    ewoNum: text('ewo_num').notNull(),
    description: text('description').notNull(),
    ewoType: text('ewo_type', { enum: EWO_TYPES }).notNull(),
    source: text('source', { enum: EWO_SOURCES }).notNull(),
    /** The planned closing date, YYYY-MM-DD. */
    closingDate: text('closing_date'),
    trackerId: text('tracker_id').notNull(),
    trackerName: text('tracker_name').notNull(),
    status: text('status', { enum: EWO_STATES }).notNull().default('opening'),
    /** The site of the session that opened it: who outside it may read it (docs/domain/ewo.md "Who may do what"). */
    siteId: text('site_id'),
    /** The approver named for the publish request (kept after the decision, for the record). */
    approverId: text('approver_id'),
    approverName: text('approver_name'),
    submitterId: text('submitter_id'),
    submitterName: text('submitter_name'),
    submittedAt: timestamp('submitted_at'),
    publishedAt: timestamp('published_at'),
    publishOpinion: text('publish_opinion'),
    breakpointKind: text('breakpoint_kind', { enum: EWO_BREAKPOINT_KINDS }),
    breakpointValue: text('breakpoint_value'),
    breakpointVerifiedAt: timestamp('breakpoint_verified_at'),
    breakpointVerifiedByName: text('breakpoint_verified_by_name'),
    closedAt: timestamp('closed_at'),
    closedByName: text('closed_by_name'),
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
    uniqueIndex('ewo_num_unique').on(t.ewoNum),
    index('ewo_updated_idx').on(t.delFlg, t.updatedAt),
    index('ewo_tracker_idx').on(t.trackerId, t.status),
    index('ewo_approver_idx').on(t.approverId, t.status).where(sql`approver_id is not null`),
  ],
);

/**
 * What a change touches: a product of the master data (its catalog root id), a part of a BOM (the part's id, its
 * BOM and product), or an FMEA item (the project and the node, function or failure). `code` and `label` keep the
 * number and text as they were when added, so the list still reads after the item is gone; "what it touches"
 * compares them with the item as it is now. No foreign keys on the references: those items are edited and
 * deleted on their own, and the EWO must outlive them to say so.
 */
export const ewoItem = sqliteTable(
  'ewo_item',
  {
    id: id(),
    ewoId: text('ewo_id')
      .notNull()
      .references(() => ewo.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: EWO_ITEM_KINDS }).notNull(),
    refId: text('ref_id').notNull(),
    /** For FMEA items: which kind of item refId names. */
    fmeaRef: text('fmea_ref', { enum: EWO_FMEA_REFS }),
    projectId: text('project_id'),
    bomId: text('bom_id'),
    /** The product (catalog root id) a BOM part belongs to. */
    productId: text('product_id'),
    code: text('code').notNull(),
    label: text('label').notNull(),
    /** What changes for this item. */
    changeNote: text('change_note'),
    sort: integer('sort').notNull(),
    creatorName: text('creator_name'),
    ...timestamps,
  },
  (t) => [uniqueIndex('ewo_item_ref_unique').on(t.ewoId, t.kind, t.refId), index('ewo_item_project_idx').on(t.projectId).where(sql`project_id is not null`)],
);

/**
 * A document before or after the change, at a version: an uploaded file (the file service checks its type and
 * size; it is then served to those who may read the EWO, services/files/access.ts).
 */
export const ewoDocument = sqliteTable(
  'ewo_document',
  {
    id: id(),
    ewoId: text('ewo_id')
      .notNull()
      .references(() => ewo.id, { onDelete: 'cascade' }),
    side: text('side', { enum: EWO_DOCUMENT_SIDES }).notNull(),
    docName: text('doc_name').notNull(),
    docVersion: text('doc_version').notNull(),
    fileId: text('file_id')
      .notNull()
      .references(() => file.id),
    uploaderName: text('uploader_name'),
    ...timestamps,
  },
  (t) => [index('ewo_document_ewo_idx').on(t.ewoId, t.side), index('ewo_document_file_idx').on(t.fileId)],
);

/**
 * An EWO's history: follow-up notes, each step of the flow with its opinion, breakpoint follow-ups with their
 * cut-in and finding. Written once, never edited.
 */
export const ewoEntry = sqliteTable(
  'ewo_entry',
  {
    id: id(),
    ewoId: text('ewo_id')
      .notNull()
      .references(() => ewo.id, { onDelete: 'cascade' }),
    /** 1, 2, … per EWO: the history's order (several entries may share a time). */
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: EWO_ENTRY_KINDS }).notNull(),
    content: text('content'),
    breakpointKind: text('breakpoint_kind', { enum: EWO_BREAKPOINT_KINDS }),
    breakpointValue: text('breakpoint_value'),
    result: text('result', { enum: EWO_BREAKPOINT_RESULTS }),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    at: timestamp('at').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('ewo_entry_seq_unique').on(t.ewoId, t.seq)],
);
