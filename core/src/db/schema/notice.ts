import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, timestamp, timestamps } from './columns.ts';
import { user } from './user.ts';

/** Notice status: '0' draft, '1' published, '2' withdrawn. */
export const NOTICE_STATUSES = ['0', '1', '2'] as const;

export const notice = sqliteTable(
  'notice',
  {
    id: id(),
    number: text('number').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    type: text('type').notNull().default('1'),
    status: text('status', { enum: NOTICE_STATUSES }).notNull().default('0'),
    publishTime: timestamp('publish_time'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('notice_status_idx').on(t.status)],
);

export const noticeRead = sqliteTable(
  'notice_read',
  {
    noticeId: text('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

