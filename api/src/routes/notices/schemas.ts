import { schema, type InboxNotice, type Notice } from '@fmea/core';
import { z } from '../../http/route.ts';
import { DateTime, TimeInput } from '../../http/fields.ts';

export const NoticeStatus = z.enum(schema.NOTICE_STATUSES).openapi({ description: "'0' draft, '1' published, '2' withdrawn" });

/** Spec 000 §3 "Notice": number, title, type, publishTime, createTime, status, read/unread. */
export const NoticeSchema = z
  .strictObject({
    id: z.string(),
    number: z.string(),
    title: z.string(),
    content: z.string(),
    type: z.string(),
    status: NoticeStatus,
    publishTime: DateTime.nullable(),
    createTime: DateTime,
    updateTime: DateTime,
    createdBy: z.string().nullable(),
  })
  .openapi('Notice');

export const InboxNoticeSchema = NoticeSchema.extend({ read: z.boolean() }).openapi('InboxNotice');

export function presentNotice(row: Notice) {
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    content: row.content,
    type: row.type,
    status: row.status,
    publishTime: row.publishTime,
    createTime: row.createdAt,
    updateTime: row.updatedAt,
    createdBy: row.createdBy,
  };
}

export function presentInboxNotice(row: InboxNotice) {
  return { ...presentNotice(row), read: row.read };
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.strictObject({ items: z.array(item), total: z.number().int(), page: z.number().int(), limit: z.number().int() });
}

export const PageQuery = {
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  timestamp: z.string().max(40).optional(),
};

/** Notice bodies are rich text: far longer than the 200-character fields. */
export const NOTICE_CONTENT_MAX = 100_000;

export const SaveNoticeBody = z
  .object({
    id: z.union([z.string().min(1).max(64), z.literal('')]).nullable().optional().openapi({ description: 'Absent, empty or null to create (as a draft)' }),
    number: z.string().max(50).optional(),
    title: z.string().max(200),
    content: z.string().max(NOTICE_CONTENT_MAX).optional(),
    type: z.string().max(50).optional(),
    publishTime: TimeInput,
    createTime: TimeInput.openapi({ description: 'Accepted and checked, never stored: the server keeps its own' }),
    status: z.unknown().optional().openapi({ description: 'Ignored: use /api/notice/updateStatus' }),
    updateTime: z.unknown().optional().openapi({ description: 'Accepted and ignored' }),
  })
  .openapi('SaveNoticeBody');

export const IdBody = z.object({ id: z.string().min(1).max(64) });
