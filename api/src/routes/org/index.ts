import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerDepartmentRoutes } from './departments.ts';
import { registerSiteUserRoutes } from './site-users.ts';
import { registerSiteRoutes } from './sites.ts';

/** Sites, site users (groups) and departments: the system_site page. */
export function registerOrgRoutes(app: OpenAPIHono<AppEnv>) {
  registerSiteRoutes(app);
  registerSiteUserRoutes(app);
  registerDepartmentRoutes(app);
}
