import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/env.ts';
import { registerMenuRoutes } from './menus.ts';
import { registerRoleRoutes } from './roles.ts';

/** Roles, their permissions, and the menus permissions are granted on. */
export function registerRolesRoutes(app: OpenAPIHono<AppEnv>) {
  registerRoleRoutes(app);
  registerMenuRoutes(app);
}
