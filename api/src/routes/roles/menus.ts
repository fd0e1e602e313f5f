import type { OpenAPIHono } from '@hono/zod-openapi';
import { listMenus } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { MenuSchema, presentMenu } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/menu/list',
  tag: 'roles',
  summary: 'Every menu with the buttons it offers (the permission tree)',
  description: 'Flat, parents first; parentRouteName links children to their parent.',
  access: { route: 'system_role' },
  data: z.array(MenuSchema),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const menus = await listMenus(serviceContext(c));
    return c.json(ok(menus.map(presentMenu)), 200);
  });
}
