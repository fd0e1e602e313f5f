import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamp } from './columns.ts';

/**
 * Who did what, when, with the row before and after: written in the same
 * transaction as the change it describes. No foreign key to user, so the log
 * outlives the people in it.
 */
export const operationLog = sqliteTable(
  'operation_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    at: timestamp('at').notNull(),
    userId: text('user_id'),
    userName: text('user_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    /** Why the change was made, where a rule asks for one (the interface reason rule, ruleOpen). */
    reason: text('reason'),
    ip: text('ip'),
  },
  (t) => [index('operation_log_at_idx').on(t.at), index('operation_log_entity_idx').on(t.entity, t.entityId)],
);
