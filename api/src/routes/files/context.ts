import type { Context } from 'hono';
import { INLINE_KINDS, logoUrl, type FileRecord } from '@fmea/core';

export function downloadUrl(record: Pick<FileRecord, 'id' | 'kind'>): string {
  return record.kind === 'logo' ? logoUrl(record.id) : `/api/fileOperate/downloadFile?fileName=${record.id}`;
}

/** What the upload calls answer for each stored file. */
export function presentFile(record: FileRecord) {
  return { fileName: record.id, originalName: record.originalName, kind: record.kind, size: record.size, mime: record.mime, url: downloadUrl(record) };
}

export const isInline = (record: Pick<FileRecord, 'kind'>) => INLINE_KINDS.includes(record.kind);

