import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { knowledgeMachine } from '../../domain/status/knowledge.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';

/** A field value in the JSON data: trimmed text, a number or a list of codes (core/src/domain/catalog). */
export type CatalogDataValue = string | number | readonly string[] | null;

/**
 * One table for every catalog type (docs/domain/catalog.md): functions,
 * failure modes, measures, interface descriptions, hardware, standards,
 * experience, products, … One row per version of a record. `root_id` ties
 * the versions together (the first version's id); `version_no` counts them;
 * `is_latest_version` marks the record's present (the last release, or the
 * only version while none was released). The type's own fields are in
 * `data`; its description, English description, product type and category
 * are columns, searched and filtered for every type. `version` is the row's
 * optimistic-concurrency counter, not the record's version.
 *
 * Users are named by id without foreign keys: like the operation log, the
 * records outlive the people who wrote them.
 */
export const catalogRecord = sqliteTable(
  'catalog_record',
  {
    id: id(),
    /** The catalog type's id (`invalidMode`, `function`, …). */
    type: text('type').notNull(),
    rootId: text('root_id').notNull(),
    serialNum: text('serial_num').notNull(),
    versionNo: integer('version_no').notNull().default(1),
    isLatestVersion: integer('is_latest_version', { mode: 'boolean' }).notNull().default(true),
    /** Knowledge status (spec 001 §4): 0 editing, 1 to be approved, 2 released, 3 pending approval, 4 rejected. */
    status: text('status', { enum: knowledgeMachine.states as ['0', '1', '2', '3', '4'] }).notNull().default('0'),
    /** A code of the productType dictionary, or null. */
    productType: text('product_type'),
    category: text('category'),
    /** The Chinese (or only) description. */
    text: text('text').notNull(),
    enText: text('en_text'),
    /** The type's other fields, by their spec names. */
    data: text('data', { mode: 'json' }).$type<Record<string, CatalogDataValue>>().notNull().default({}),
    /** How many FMEA items cite this version. */
    quoteCount: integer('quote_count').notNull().default(0),
    remark: text('remark'),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    updaterId: text('updater_id'),
    applicantId: text('applicant_id'),
    applyTime: timestamp('apply_time'),
    applyRemark: text('apply_remark'),
    auditorId: text('auditor_id'),
    auditTime: timestamp('audit_time'),
    auditRemark: text('audit_remark'),
    approverId: text('approver_id'),
    approveTime: timestamp('approve_time'),
    approveRemark: text('approve_remark'),
    delFlg: delFlg(),
    deletedAt: timestamp('deleted_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    // a number names one record of its type, deleted ones included (numbers are never reused); versions share it
    uniqueIndex('catalog_record_serial_unique').on(t.type, t.serialNum, t.versionNo),
    uniqueIndex('catalog_record_root_version_unique').on(t.rootId, t.versionNo),
    // one present per record, and at most one version that is not released (the draft of the next one)
    uniqueIndex('catalog_record_root_latest_unique').on(t.rootId).where(sql`is_latest_version = 1`),
    uniqueIndex('catalog_record_root_open_unique').on(t.rootId).where(sql`status <> '2' and del_flg = 0`),
    index('catalog_record_type_idx').on(t.type, t.delFlg, t.status),
    // the list (docs/domain/catalog.md, "At scale"): walked in its order (newest change first), so a page stops
    // after its rows; the columns every list filters and searches on ride along, so a count or a search that
    // matches little reads the index alone instead of each row's JSON
    index('catalog_record_type_updated_idx').on(
      t.type,
      t.delFlg,
      t.updatedAt,
      t.serialNum,
      t.versionNo,
      t.isLatestVersion,
      t.status,
      t.productType,
      t.text,
      t.enText,
    ),
    // the unique rule on the description (findUniqueHolder): this expression must stay exactly the one it writes
    // (no coalesce: `text` is never null, and drizzle-kit splits an index expression at its commas)
    index('catalog_record_unique_text_idx').on(t.type, sql`lower(trim(${t.text}))`),
    index('catalog_record_type_product_idx').on(t.type, t.productType),
    index('catalog_record_creator_idx').on(t.creatorId),
  ],
);

/**
 * The knowledge log (spec 001 §2, "knowledge log"): who did what to which
 * record and version, with the status before and after and the remark. Kept
 * beside `operation_log`, which holds the full rows; this one is what the
 * log screen lists per type and per record.
 */
export const catalogLog = sqliteTable(
  'catalog_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: timestamp('at').notNull(),
    type: text('type').notNull(),
    recordId: text('record_id').notNull(),
    rootId: text('root_id').notNull(),
    serialNum: text('serial_num').notNull(),
    versionNo: integer('version_no').notNull(),
    /** One of CATALOG_LOG_ACTIONS (core/src/domain/catalog/messages.ts). */
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    remark: text('remark'),
    userId: text('user_id'),
    userName: text('user_name').notNull(),
  },
  (t) => [index('catalog_log_type_at_idx').on(t.type, t.at), index('catalog_log_root_idx').on(t.rootId, t.at)],
);
