import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamp } from './columns.ts';
import { fmeaProject } from './fmea-project.ts';
import { user } from './user.ts';
import { COLLECT_TYPES } from '../../domain/collections/index.ts';

/** Share scopes (spec 001 "share: scope all/partly/none, expiry, members"). */
export const SHARE_SCOPES = ['none', 'partly', 'all'] as const;

/**
 * How a project is shared beyond its team: with nobody, with listed users, or
 * with every user, until an optional expiry. Shared readers open it read-only.
 */
export const fmeaProjectShare = sqliteTable('fmea_project_share', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => fmeaProject.id, { onDelete: 'cascade' }),
  scope: text('scope', { enum: SHARE_SCOPES }).notNull().default('none'),
  /** After this moment the share no longer applies; null: no expiry. */
  expiresAt: timestamp('expires_at'),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at')
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  version: integer('version').notNull().default(1),
});

/** The users a 'partly' share names. */
export const fmeaProjectShareUser = sqliteTable(
  'fmea_project_share_user',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('fmea_project_share_user_user_idx').on(t.userId)],
);

/** Collect types of spec 001 (favourites); the work areas use the ones they show. */

/** A user's favourite ("my collection"): one row per user, type and item. */
export const collection = sqliteTable(
  'collection',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    collectType: text('collect_type', { enum: COLLECT_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('collection_unique').on(t.userId, t.collectType, t.targetId), index('collection_target_idx').on(t.collectType, t.targetId)],
);
