import type { Context } from 'hono';
import { InvalidInputError } from '@fmea/core';
import type { AppEnv } from '../../http/env.ts';
import { z } from '../../http/route.ts';

/**
 * A multipart file field; shared by the dictionary and AP-rule imports.
 * Optional in the schema so a missing file gets our own message (requireFile)
 * instead of zod's bare "invalid input".
 */
export const UploadFile = z.instanceof(File).optional().openapi({ type: 'string', format: 'binary' });

export function requireFile(file: File | undefined, field: string): File {
  if (!file) throw new InvalidInputError('apiDictionaries.file_missing', { field });
  return file;
}

export async function fileBytes(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A download instead of the envelope (spec: blob downloads count as success). */
export function sendFile(c: Context<AppEnv>, bytes: Uint8Array, fileName: string, contentType: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'cache-control': 'no-store',
  }) as never;
}
