import type { OpenAPIHono } from '@hono/zod-openapi';
import { assertFileCount, checkUpload, saveUpload, setAvatar, setLogo } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { caller } from '../../http/authenticate.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { presentFile } from './context.ts';
import { FileInfoSchema, ImageUploadBody, MultiUploadBody, multipartBody, SingleUploadBody } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';
import { fileBytes } from '../../http/files.ts';

const LIMITS =
  'Limits per kind: image jpg/png 2M; spreadsheet xls/xlsx 1M; bom xls/xlsx 3M; attachment xls/xlsx/doc/docx/pdf 10M; largeAttachment the same types 25M. ' +
  'The extension and the leading bytes must agree. The client’s file name is kept as metadata only.';

export const singleRoute = defineRoute({
  method: 'post',
  path: '/api/fileOperate/uploadSingleFile',
  tag: 'files',
  summary: 'Upload one file',
  description: LIMITS,
  access: 'user',
  request: multipartBody(SingleUploadBody),
  data: FileInfoSchema,
});

export const multiRoute = defineRoute({
  method: 'post',
  path: '/api/fileOperate/uploadFiles',
  tag: 'files',
  summary: 'Upload up to 5 files at once',
  description: `${LIMITS} Every file is checked before any is stored: one refused file stores none.`,
  access: 'user',
  request: multipartBody(MultiUploadBody),
  data: z.array(FileInfoSchema),
});

export const fmeaImageRoute = defineRoute({
  method: 'post',
  path: '/api/fileOperate/uploadFmeaImg',
  tag: 'files',
  summary: 'Upload a picture for an FMEA node (jpg/png, 2M)',
  access: 'user',
  request: multipartBody(ImageUploadBody),
  data: FileInfoSchema,
});

export const avatarRoute = defineRoute({
  method: 'post',
  path: '/api/user/updateUserImg',
  tag: 'files',
  summary: 'Change one’s own avatar (jpg/png, 1M, square)',
  access: 'user',
  request: multipartBody(ImageUploadBody),
  data: FileInfoSchema.extend({ avatar: z.string() }),
});

export const logoRoute = defineRoute({
  method: 'post',
  path: '/api/replaceLogo/replaceClientLogo',
  tag: 'files',
  summary: 'Replace the system logo (jpg/png, 1M, square)',
  description: 'The app settings keep the logo’s public address as sysLogoUrl (/api/replaceLogo/downloadFile?fileName=…).',
  access: { route: 'system_app', button: 'edit' },
  request: multipartBody(ImageUploadBody),
  data: FileInfoSchema.extend({ sysLogoUrl: z.string().nullable() }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(singleRoute, async (c) => {
    const { file, kind } = c.req.valid('form');
    const saved = await saveUpload(serviceContext(c), { filesDir: c.var.services.filesDir, kind: kind ?? 'attachment', originalName: file.name, data: await fileBytes(file) });
    return c.json(ok(presentFile(saved)), 200);
  });

  app.openapi(multiRoute, async (c) => {
    const form = c.req.valid('form');
    const files = Array.isArray(form.files) ? form.files : [form.files];
    assertFileCount(files.length);
    const kind = form.kind ?? 'attachment';
    const parts = await Promise.all(files.map(async (file) => ({ name: file.name, data: await fileBytes(file) })));
    // all or nothing: the first refused file explains why, and nothing is stored
    for (const part of parts) checkUpload(kind, part.name, part.data);
    const ctx = serviceContext(c);
    const saved = [];
    for (const part of parts) saved.push(await saveUpload(ctx, { filesDir: c.var.services.filesDir, kind, originalName: part.name, data: part.data }));
    return c.json(ok(saved.map(presentFile)), 200);
  });

  app.openapi(fmeaImageRoute, async (c) => {
    const { file } = c.req.valid('form');
    const saved = await saveUpload(serviceContext(c), { filesDir: c.var.services.filesDir, kind: 'image', originalName: file.name, data: await fileBytes(file) });
    return c.json(ok(presentFile(saved)), 200);
  });

  app.openapi(avatarRoute, async (c) => {
    const { file } = c.req.valid('form');
    const ctx = serviceContext(c);
    const saved = await saveUpload(ctx, { filesDir: c.var.services.filesDir, kind: 'avatar', originalName: file.name, data: await fileBytes(file) });
    const { avatar } = await setAvatar(ctx, caller(c).user.id, saved.id);
    return c.json(ok({ ...presentFile(saved), avatar }), 200);
  });

  app.openapi(logoRoute, async (c) => {
    const { file } = c.req.valid('form');
    const ctx = serviceContext(c);
    const saved = await saveUpload(ctx, { filesDir: c.var.services.filesDir, kind: 'logo', originalName: file.name, data: await fileBytes(file) });
    const settings = await setLogo(ctx, saved.id);
    return c.json(ok({ ...presentFile(saved), sysLogoUrl: settings.sysLogoUrl }), 200);
  });
}
