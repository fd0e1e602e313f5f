import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerDownloadRoutes } from './download.ts';
import { registerUploadRoutes } from './upload.ts';

/** Uploads and downloads (spec 001 §7 files, 000 §7 avatar and logo): limits per kind, stored by generated id. */
export function registerFilesRoutes(app: OpenAPIHono<AppEnv>) {
  registerUploadRoutes(app);
  registerDownloadRoutes(app);
}
