import type { OpenAPIHono } from '@hono/zod-openapi';
import { createRole, deleteRole, listRoles, schema, setRolePermissions, updateRole } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { PermissionSchema, presentRole, RoleSchema } from './schemas.ts';
import { requireButton, saveAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, Ignored, RequiredText, Text, withoutUndefined } from '../../http/fields.ts';

const TAG = 'roles';

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/role/list',
  tag: TAG,
  summary: 'Roles with their permissions and number of users',
  access: { route: ['system_role', 'system_user'] },
  data: z.array(RoleSchema),
});

const SaveRoleBody = z
  .object({
    id: Id.optional().openapi({ description: 'Absent: create; present: update' }),
    name: RequiredText,
    nameEn: Text.optional(),
    roleType: z.enum(schema.ROLE_TYPE_CODES).optional(),
    productTypes: z.array(Id).max(100).optional(),
    createTime: Ignored,
    updateTime: Ignored,
  })
  .openapi('SaveRoleBody');

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/role/save',
  tag: TAG,
  summary: 'Create (no id) or update a role; names are unique',
  description: 'Needs the add button to create and the edit button to update. Permissions have their own call.',
  access: saveAccess('system_role'),
  request: jsonBody(SaveRoleBody),
  data: RoleSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/role/delete',
  tag: TAG,
  summary: 'Delete a role',
  description: 'The default role is protected. A role that users still hold answers 409 until confirm is true; their grants end at once.',
  access: { route: 'system_role', button: 'del' },
  request: jsonBody(z.object({ id: Id, confirm: z.boolean().optional() })),
  data: z.null(),
});

const PermissionsBody = z
  .object({
    id: Id,
    permissions: z
      .array(z.object({ routeName: z.string().trim().min(1).max(100), buttons: z.array(z.string().trim().min(1).max(50)).max(50) }))
      .max(500),
  })
  .openapi('RolePermissionsBody');

export const permissionsRoute = defineRoute({
  method: 'post',
  path: '/api/role/savePermissions',
  tag: TAG,
  summary: 'Replace a role’s whole permission configuration (routes and their buttons)',
  description: 'Every route must exist and every button must be one the route offers (see /api/menu/list). Takes effect at once for the role’s users.',
  access: { route: 'system_role', button: 'grant' },
  request: jsonBody(PermissionsBody),
  data: z.array(PermissionSchema),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const roles = await listRoles(serviceContext(c));
    return c.json(ok(roles.map(presentRole)), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const { id, name, nameEn, roleType, productTypes } = c.req.valid('json');
    requireButton(c, 'system_role', id ? 'edit' : 'add');
    const ctx = serviceContext(c);
    const input = { name, nameEn, roleType, productTypes };
    const saved = id ? await updateRole(ctx, id, withoutUndefined(input)) : await createRole(ctx, input);
    const listed = (await listRoles(ctx)).find((r) => r.id === saved.id) ?? saved;
    return c.json(ok(presentRole(listed)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id, confirm } = c.req.valid('json');
    await deleteRole(serviceContext(c), id, { confirm });
    return c.json(ok(null), 200);
  });

  app.openapi(permissionsRoute, async (c) => {
    const { id, permissions } = c.req.valid('json');
    return c.json(ok(await setRolePermissions(serviceContext(c), id, permissions)), 200);
  });
}
