import type { OpenAPIHono } from '@hono/zod-openapi';
import { createDepartment, deleteDepartment, InvalidInputError, listDepartments, updateDepartment } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { DepartmentSchema, presentDepartment } from './schemas.ts';
import { requireButton, saveAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, IdBody, Ignored, RequiredText, SHORT_TEXT_MAX, Text, withoutUndefined } from '../../http/fields.ts';

const TAG = 'departments';

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/department/list',
  tag: TAG,
  summary: 'Departments, of one site or of all',
  access: { route: ['system_site', 'system_user'] },
  request: { query: z.object({ siteId: Id.optional(), timestamp: z.string().max(40).optional() }) },
  data: z.array(DepartmentSchema),
});

const SaveDepartmentBody = z
  .object({
    id: Id.optional().openapi({ description: 'Absent: create; present: update' }),
    siteId: Id.optional().openapi({ description: 'Required to create; a department stays in its site' }),
    number: z.string().trim().min(1).max(SHORT_TEXT_MAX),
    name: RequiredText,
    nameEn: Text.optional().openapi({ description: 'The English name; empty: English readers see name' }),
    adminUserId: Id.nullable().optional(),
    createTime: Ignored,
    updateTime: Ignored,
  })
  .openapi('SaveDepartmentBody');

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/department/save',
  tag: TAG,
  summary: 'Create (no id) or update a department',
  description: 'Needs the add button to create and the edit button to update. Number (at most 20 characters) and name are unique within the site.',
  access: saveAccess('system_site'),
  request: jsonBody(SaveDepartmentBody),
  data: DepartmentSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/department/delete',
  tag: TAG,
  summary: 'Delete a department (its users keep working, without a department)',
  access: { route: 'system_site', button: 'del' },
  request: jsonBody(IdBody),
  data: z.null(),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { siteId } = c.req.valid('query');
    const rows = await listDepartments(serviceContext(c), siteId);
    return c.json(ok(rows.map(presentDepartment)), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const { id, siteId, number, name, nameEn, adminUserId } = c.req.valid('json');
    requireButton(c, 'system_site', id ? 'edit' : 'add');
    const ctx = serviceContext(c);
    if (id) return c.json(ok(presentDepartment(await updateDepartment(ctx, id, withoutUndefined({ number, name, nameEn, adminUserId })))), 200);
    if (!siteId) throw new InvalidInputError('request.invalid', {}, [{ messageKey: 'validation.required', params: { field: 'siteId' }, field: 'siteId' }]);
    return c.json(ok(presentDepartment(await createDepartment(ctx, { site: siteId, number, name, ...(nameEn === undefined ? {} : { nameEn }), adminUserId }))), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteDepartment(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });
}
