import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerSelfServiceRoutes } from './self-service.ts';
import { registerUserAdminRoutes } from './user-admin.ts';
import { registerUserXlsxRoutes } from './user-xlsx.ts';
import { registerUserRoutes } from './users.ts';

/** Users: administration (system_user page) and the personal self-service calls. */
export function registerUsersRoutes(app: OpenAPIHono<AppEnv>) {
  registerUserRoutes(app);
  registerUserAdminRoutes(app);
  registerUserXlsxRoutes(app);
  registerSelfServiceRoutes(app);
}
