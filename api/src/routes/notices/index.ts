import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerNoticeAdminRoutes } from './admin.ts';
import { registerNoticeInboxRoutes } from './inbox.ts';

export function registerNoticesRoutes(app: OpenAPIHono<AppEnv>) {
  registerNoticeAdminRoutes(app);
  registerNoticeInboxRoutes(app);
}
