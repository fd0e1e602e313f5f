import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertCanReadFile, buildImportTemplate, findFile, getAppSettings, NotFoundError, readStoredFile, sanitizeFileName, type FileRecord } from '@fmea/core';
import type { AppEnv, AppServices } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { isInline } from './context.ts';
import { FileNameQuery, TemplateQuery } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';
import { asDownload, sendFile } from '../../http/files.ts';

export const downloadRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/fileOperate/downloadFile',
    tag: 'files',
    summary: 'Download a stored file by its id',
    description:
      'Only stored ids (UUIDs) are accepted; the answer carries the original name in Content-Disposition (RFC 6266/5987). ' +
      'A file is served to those who may read what it is attached to: a project attachment or node picture to whoever may open the project (or use the template; 403 otherwise), a user’s current avatar to every signed-in user, a file attached to nothing to its uploader only (404 to anyone else). Administrators read every file.',
    access: 'user',
    request: { query: FileNameQuery },
    data: z.null(),
  }),
  'The file',
);

export const logoDownloadRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/replaceLogo/downloadFile',
    tag: 'files',
    summary: 'The system logo (public; logos only)',
    access: 'public',
    request: { query: FileNameQuery },
    data: z.null(),
  }),
  'The logo picture',
);

export const loginBackgroundRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/replaceLogo/loginBackground',
    tag: 'files',
    summary: 'The login page background picture (public; only the current one)',
    description: 'No file name is taken: only the picture the app manager set as the login background is served without a session (404 when none). v is ignored (it changes with the picture, so a new one is not taken from a cache).',
    access: 'public',
    request: { query: z.object({ v: z.string().max(64).optional() }) },
    data: z.null(),
  }),
  'The picture',
);

export const templateRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/fileOperate/downloadImportTemp',
    tag: 'files',
    summary: 'Download an import template (user, dictionary, apRule)',
    description: 'Generated from the columns the import reads. Any other tempName answers 404.',
    access: 'user',
    request: { query: TemplateQuery },
    data: z.null(),
  }),
  'An xlsx workbook with the header row',
);

async function streamRecord(services: AppServices, record: FileRecord, cache: string) {
  const { size, stream } = await readStoredFile(services.filesDir, record);
  return { name: record.originalName, mime: record.mime, size, body: stream, inline: isInline(record), cache };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(downloadRoute, async (c) => {
    const services = c.var.services;
    const record = await findFile(services.database.db, c.req.valid('query').fileName);
    await assertCanReadFile(serviceContext(c), record.id);
    const cache = isInline(record) ? 'private, max-age=86400, immutable' : 'private, no-store';
    return sendFile(c, await streamRecord(services, record, cache)) as never;
  });

  app.openapi(logoDownloadRoute, async (c) => {
    const services = c.var.services;
    const record = await findFile(services.database.db, c.req.valid('query').fileName, { kind: 'logo' });
    return sendFile(c, await streamRecord(services, record, 'public, max-age=86400, immutable')) as never;
  });

  app.openapi(loginBackgroundRoute, async (c) => {
    const services = c.var.services;
    const { loginBackground } = await getAppSettings(services.database.db);
    if (!loginBackground) throw new NotFoundError('files.not_found');
    const record = await findFile(services.database.db, loginBackground, { kind: 'image' });
    return sendFile(c, await streamRecord(services, record, 'public, max-age=86400, immutable')) as never;
  });

  app.openapi(templateRoute, async (c) => {
    const { tempName, fileName } = c.req.valid('query');
    const template = await buildImportTemplate(tempName);
    let name = template.fileName;
    if (fileName) {
      name = sanitizeFileName(fileName);
      if (!name.toLowerCase().endsWith('.xlsx')) name += '.xlsx';
    }
    return sendFile(c, { name, mime: template.mime, size: template.data.length, body: template.data, cache: 'private, no-store' }) as never;
  });
}
