import { FILE_NAME_PATTERN } from '@fmea/core';
import { z } from '../../http/route.ts';

/** One uploaded part; described as binary in the OpenAPI document. */
export const FilePart = z.instanceof(File).openapi({ type: 'string', format: 'binary' });

/**
 * Kinds the general upload calls accept. Avatars and logos have their own
 * calls: a logo is publicly downloadable, so nobody may upload one on the side.
 */
export const GENERAL_KINDS = ['image', 'spreadsheet', 'bom', 'attachment', 'largeAttachment'] as const;

const KindField = z.enum(GENERAL_KINDS).optional().openapi({ description: 'What the file is for; decides the accepted types and the size limit. Default attachment.' });

export const SingleUploadBody = z.object({ file: FilePart, kind: KindField }).openapi('SingleUpload');
export const ImageUploadBody = z.object({ file: FilePart }).openapi('ImageUpload');
export const MultiUploadBody = z
  .object({
    files: z.union([FilePart, z.array(FilePart)]).openapi({ description: 'Up to 5 files, the field repeated once per file' }),
    kind: KindField,
  })
  .openapi('MultiUpload');

export const FileInfoSchema = z
  .strictObject({
    fileName: z.string().openapi({ description: 'The stored file id: what the download calls take as fileName' }),
    originalName: z.string(),
    kind: z.string(),
    size: z.number().int(),
    mime: z.string(),
    url: z.string(),
  })
  .openapi('FileInfo');

export const FileNameQuery = z.object({
  fileName: z.string().max(200).openapi({ pattern: FILE_NAME_PATTERN.source, description: 'A stored file id (UUID), as returned by the upload calls' }),
  timestamp: z.string().max(40).optional(),
});

export const TemplateQuery = z.object({
  tempName: z.string().max(100).openapi({ description: 'One of user, dictionary, apRule' }),
  fileName: z.string().max(200).optional().openapi({ description: 'Name the download is saved under (default: the template’s own)' }),
  timestamp: z.string().max(40).optional(),
});

/** Multipart body, for `request: multipartBody(schema)`. */
export function multipartBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'multipart/form-data': { schema } }, required: true } };
}
