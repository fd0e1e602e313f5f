import type { Context } from 'hono';
import { createContext, INLINE_KINDS, logoUrl, type FileRecord, type ServiceContext } from '@fmea/core';
import { caller } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { clientIp } from '../auth/login.ts';

/** The caller as the operator of a service call (for the operation log). */
export function serviceContext(c: Context<AppEnv>): ServiceContext {
  const auth = caller(c);
  const services = c.var.services;
  return createContext(services.database.db, { userId: auth.user.id, userName: auth.user.userName, ip: clientIp(c) }, services.now);
}

export function downloadUrl(record: Pick<FileRecord, 'id' | 'kind'>): string {
  return record.kind === 'logo' ? logoUrl(record.id) : `/api/fileOperate/downloadFile?fileName=${record.id}`;
}

/** What the upload calls answer for each stored file. */
export function presentFile(record: FileRecord) {
  return { fileName: record.id, originalName: record.originalName, kind: record.kind, size: record.size, mime: record.mime, url: downloadUrl(record) };
}

export const isInline = (record: Pick<FileRecord, 'kind'>) => INLINE_KINDS.includes(record.kind);

/** The bytes of an uploaded part. */
export async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}
