import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { MESSAGE_CODES, MESSAGE_KINDS, READ_APPLICATION_STATUSES } from '../../domain/messages/index.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { fmeaProject } from './fmea-project.ts';
import { user } from './user.ts';

/**
 * A non-member's request to read an FMEA project (spec 001 §7 applyReadProject,
 * applyReadPfmeaProject). The project's responsible persons at the time of the
 * request are its approvers; the first of them to decide closes it.
 */
export const readApplication = sqliteTable(
  'read_application',
  {
    id: id(),
    applicantId: text('applicant_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    status: text('status', { enum: READ_APPLICATION_STATUSES }).notNull().default('pending'),
    /** The user ids that may decide (role 0 members when applied). */
    approverIds: text('approver_ids', { mode: 'json' }).$type<string[]>().notNull(),
    remark: text('remark'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at'),
    decisionRemark: text('decision_remark'),
    ...timestamps,
  },
  (t) => [index('read_application_applicant_idx').on(t.applicantId), index('read_application_project_idx').on(t.projectId, t.status)],
);

/**
 * One message in one user's inbox. Text is stored as a message key with
 * params so it renders in the reader's language; `content` holds what a
 * person wrote (a remark), shown as is. The target says which view opens.
 */
export const message = sqliteTable(
  'message',
  {
    id: id(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('business'),
    code: text('code', { enum: MESSAGE_CODES }).notNull(),
    messageKey: text('message_key').notNull(),
    params: text('params', { mode: 'json' }).$type<Record<string, string | number>>().notNull(),
    content: text('content'),
    projectId: text('project_id').references(() => fmeaProject.id, { onDelete: 'set null' }),
    serialNum: text('serial_num'),
    rightType: text('right_type'),
    leftType: text('left_type'),
    route: text('route'),
    /** The row the message is about (a read application, a catalog record version …). */
    targetId: text('target_id'),
    applicationId: text('application_id').references(() => readApplication.id, { onDelete: 'set null' }),
    readFlag: integer('read_flag').notNull().default(0),
    readAt: timestamp('read_at'),
    /** Approvals: 1 once decided (by anyone), so it moves to the processed list. */
    processed: integer('processed').notNull().default(0),
    processedAt: timestamp('processed_at'),
    delFlg: delFlg(),
    ...timestamps,
  },
  (t) => [
    index('message_inbox_idx').on(t.recipientId, t.delFlg, t.kind, t.readFlag),
    index('message_application_idx').on(t.applicationId),
    // a decision closes the pending messages about its row (a catalog record version, a project under review)
    index('message_target_idx').on(t.targetId, t.code, t.processed),
  ],
);
