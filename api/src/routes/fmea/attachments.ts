import type { OpenAPIHono } from '@hono/zod-openapi';
import { addAttachments, FILE_NAME_PATTERN, listAttachments, MAX_FILES_PER_REQUEST, removeAttachment } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from './access.ts';
import { Id, Timestamp } from './schemas.ts';
import { DateTime } from '../../http/fields.ts';

const TAG = 'fmea-projects';

const Attachment = z
  .strictObject({
    id: z.string(),
    fileName: z.string().openapi({ description: 'The stored file id, for /api/fileOperate/downloadFile?fileName=' }),
    originalName: z.string(),
    size: z.number().int(),
    mime: z.string(),
    createdAt: DateTime,
    createdBy: z.string().nullable(),
    createdByName: z.string().nullable(),
  })
  .openapi('FmeaProjectAttachment');

const FileName = z.string().max(200).openapi({ pattern: FILE_NAME_PATTERN.source, description: 'A stored file id (UUID) from the upload calls' });

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/project/attachments',
  tag: TAG,
  summary: 'The files attached to a project (members only)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.array(Attachment),
});

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/project/addAttachments',
  tag: TAG,
  summary: 'Attach uploaded files to a project',
  description:
    'Upload first (/api/fileOperate/uploadSingleFile or uploadFiles, kind attachment or largeAttachment), then attach by file id. ' +
    'Only the caller’s own uploads; editing members only; at most 20 attachments per project. Answers the new list.',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ projectId: Id, fileNames: z.array(FileName).min(1).max(MAX_FILES_PER_REQUEST) })),
  data: z.array(Attachment),
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/project/deleteAttachment',
  tag: TAG,
  summary: 'Take an attachment off a project (the stored file is kept)',
  access: writeAccess('edit'),
  request: jsonBody(z.object({ projectId: Id, id: Id })),
  data: z.null(),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    return c.json(ok(await listAttachments(fmeaContext(c), projectId)), 200);
  });

  app.openapi(addRoute, async (c) => {
    const { projectId, fileNames } = c.req.valid('json');
    const list = await addAttachments(fmeaContext(c), projectId, fileNames);
    await notifyChanged(c, projectId, 'attachment', projectId);
    return c.json(ok(list), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { projectId, id } = c.req.valid('json');
    await removeAttachment(fmeaContext(c), { projectId, id });
    await notifyChanged(c, projectId, 'attachment', id);
    return c.json(ok(null), 200);
  });
}
