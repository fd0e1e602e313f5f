import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamp } from './columns.ts';
import { user } from './user.ts';
import { SCORE_KINDS, SCORE_REASONS, SCORE_SOURCE_KINDS } from '../../domain/scores/rules.ts';

/**
 * The score ledger (docs/domain/user-scores.md): one row per point award, written in the transaction of
 * the event that earned it. The user's contribution_score / activity_score are its running totals; the
 * unique key (reason, source, user) makes a replayed event a no-op. Points are those of the standards
 * at the time: a later change of the standards does not reprice the past.
 */
export const userScoreEvent = sqliteTable(
  'user_score_event',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: SCORE_KINDS }).notNull(),
    reason: text('reason', { enum: SCORE_REASONS as [string, ...string[]] }).notNull(),
    sourceKind: text('source_kind', { enum: SCORE_SOURCE_KINDS }).notNull(),
    sourceId: text('source_id').notNull(),
    points: integer('points').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [
    uniqueIndex('user_score_event_once').on(t.reason, t.sourceKind, t.sourceId, t.userId),
    index('user_score_event_user_at_idx').on(t.userId, t.at),
    index('user_score_event_at_idx').on(t.at),
  ],
);
