import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { id, timestamp } from './columns.ts';
import { user } from './user.ts';

/**
 * What an upload is for; each kind has its own types and size limit
 * (spec 000 §9, 001 §5), kept as data in `services/files/limits.ts`.
 */
export const FILE_KINDS = ['image', 'avatar', 'logo', 'spreadsheet', 'bom', 'attachment', 'largeAttachment'] as const;

/**
 * An uploaded file. The bytes live on disk under `<filesDir>/<id[0..2]>/<id>`;
 * the client's name is metadata only and never part of a path.
 */
export const file = sqliteTable(
  'file',
  {
    id: id(),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index('file_kind_idx').on(t.kind), index('file_uploaded_by_idx').on(t.uploadedBy)],
);
