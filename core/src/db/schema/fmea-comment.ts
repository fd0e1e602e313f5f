import { sql } from 'drizzle-orm';
import { check, index, primaryKey, sqliteTable, text, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { COMMENT_TARGET_KINDS } from '../../domain/fmea-comments/index.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { fmeaProject } from './fmea-project.ts';
import { user } from './user.ts';

/**
 * A comment on one row of an FMEA analysis (docs/domain/fmea-communication.md).
 * The target is named by kind and id, not by a foreign key: the row may be
 * deleted while its discussion stays readable in the project. `node_id` is the
 * structure node the row sits on, so a message can open the project there.
 */
export const fmeaComment = sqliteTable(
  'fmea_comment',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    targetKind: text('target_kind', { enum: COMMENT_TARGET_KINDS }).notNull(),
    targetId: text('target_id').notNull(),
    nodeId: text('node_id'),
    body: text('body').notNull(),
    replyTo: text('reply_to').references((): AnySQLiteColumn => fmeaComment.id, { onDelete: 'set null' }),
    /** The user ids the body mentions (and who were told). */
    mentions: text('mentions', { mode: 'json' }).$type<string[]>().notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    delFlg: delFlg(),
    ...timestamps,
  },
  (t) => [
    index('fmea_comment_target_idx').on(t.projectId, t.targetKind, t.targetId),
    index('fmea_comment_project_idx').on(t.projectId, t.createdAt),
    check('fmea_comment_body', sql`length(trim(${t.body})) between 1 and 200`),
  ],
);

/** Until when a user has read a project's comments: later ones by others are unread. */
export const fmeaCommentRead = sqliteTable(
  'fmea_comment_read',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

