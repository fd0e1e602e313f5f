import type { Context } from 'hono';
import type { RouteConfig } from '@hono/zod-openapi';
import { InvalidInputError } from '@fmea/core';
import type { AppEnv } from './env.ts';
import { z } from './route.ts';

/** Swaps a route's enveloped 200 answer for a file stream (errors stay enveloped). */
export function asDownload<R extends RouteConfig>(route: R, description: string): R {
  return {
    ...route,
    responses: {
      ...route.responses,
      200: { description, content: { 'application/octet-stream': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } } },
    },
  };
}

const encodeRfc5987 = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with RFC 5987
 * encoding): an ASCII fallback without quotes, backslashes or control
 * characters for old clients, the exact UTF-8 name for the rest.
 */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const clean = name.replace(/[\u0000-\u001f\u007f-\u009f\\/]/g, '').trim() || 'download';
  const fallback = clean.replace(/[^\x20-\x7e]|["%;]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(clean)}`;
}

export interface FileResponse {
  name: string;
  mime: string;
  size: number;
  body: ReadableStream<Uint8Array> | Uint8Array;
  inline?: boolean;
  cache?: string;
}

/**
 * A file answer: exact type and length, nosniff, and a sandboxing CSP so a
 * stored file opened directly can never run as a page of this origin.
 */
export function sendFile(c: Context, file: FileResponse): Response {
  const headers = {
    'content-type': file.mime,
    'content-length': String(file.size),
    'content-disposition': contentDisposition(file.name, file.inline ? 'inline' : 'attachment'),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': file.cache ?? 'private, no-store',
  };
  return c.body(file.body as never, 200, headers);
}

/**
 * A multipart file field (imports). Optional in the schema so a missing file
 * gets our own message (requireFile) instead of zod's bare "invalid input".
 */
export const UploadFile = z.instanceof(File).optional().openapi({ type: 'string', format: 'binary' });

export function requireFile(file: File | undefined, field: string): File {
  if (!file) throw new InvalidInputError('apiDictionaries.file_missing', { field });
  return file;
}

/** The bytes of an uploaded part. */
export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bytes made for this answer (an export) as a download, not kept. */
export function sendBytes(c: Context<AppEnv>, bytes: Uint8Array, fileName: string, contentType: string): never {
  return sendFile(c, { name: fileName, mime: contentType, size: bytes.byteLength, body: bytes }) as never;
}
