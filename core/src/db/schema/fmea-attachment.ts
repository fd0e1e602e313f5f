import { sql } from 'drizzle-orm';
import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { id, timestamp } from './columns.ts';
import { file } from './file.ts';
import { fmeaProject } from './fmea-project.ts';
import { user } from './user.ts';

/**
 * A file attached to a project (spec 001 §3 header field "attachments"). The
 * bytes and the client's name stay on the `file` row; a file attached to a
 * project is downloadable by that project's members only.
 */
export const fmeaProjectAttachment = sqliteTable(
  'fmea_project_attachment',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    fileId: text('file_id')
      .notNull()
      .references(() => file.id, { onDelete: 'cascade' }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex('fmea_project_attachment_unique').on(t.projectId, t.fileId), index('fmea_project_attachment_file_idx').on(t.fileId)],
);
