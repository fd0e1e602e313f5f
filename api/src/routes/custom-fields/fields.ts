import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteCustomField, listCustomFields, saveCustomField, type CustomFieldRow } from '@fmea/core';
import { CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_TYPES } from '@fmea/core/domain';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { assertAccess } from '../../http/access.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, IdBody } from '../../http/fields.ts';

const TAG = 'customFields';
const ROUTE = 'system_customForm';

export const CustomFieldSchema = z
  .strictObject({
    id: z.string(),
    entity: z.enum(CUSTOM_FIELD_ENTITIES),
    systemName: z.string(),
    sort: z.number().int(),
    fieldType: z.enum(CUSTOM_FIELD_TYPES),
    dictType: z.string().nullable(),
    required: z.boolean(),
    shown: z.boolean(),
    placeholder: z.string().nullable(),
    alias: z.string(),
    aliasEn: z.string(),
    version: z.number().int(),
  })
  .openapi('CustomField');

const present = (r: CustomFieldRow) => ({
  id: r.id,
  entity: r.entity,
  systemName: r.systemName,
  sort: r.sort,
  fieldType: r.fieldType,
  dictType: r.dictType,
  required: r.required,
  shown: r.shown,
  placeholder: r.placeholder,
  alias: r.alias,
  aliasEn: r.aliasEn,
  version: r.version,
});

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/customField/list',
  tag: TAG,
  summary: 'The custom fields of an entity (or of all), in sort order',
  description: 'Every signed-in user reads them: the forms, grids and exports of the entity show them.',
  access: 'user',
  request: { query: z.object({ entity: z.enum(CUSTOM_FIELD_ENTITIES).optional() }) },
  data: z.array(CustomFieldSchema),
});

const SaveBody = z
  .object({
    id: Id.optional(),
    version: z.number().int().optional(),
    entity: z.enum(CUSTOM_FIELD_ENTITIES),
    systemName: z.string().max(50),
    sort: z.number(),
    fieldType: z.enum(CUSTOM_FIELD_TYPES),
    dictType: z.string().max(50).nullable().optional(),
    required: z.boolean().optional(),
    shown: z.boolean().optional(),
    placeholder: z.string().max(100).nullable().optional(),
    alias: z.string().max(50),
    aliasEn: z.string().max(50),
  })
  .openapi('SaveCustomFieldBody');

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/customField/save',
  tag: TAG,
  summary: 'Add or change a custom field',
  description:
    'Without id: adds (button add); with id and version: changes (button edit; the entity stays). System name: English letters only, unique per entity; ' +
    'sort: a positive whole number, unique per entity; a choice field names a dictionary type.',
  access: { route: ROUTE, button: ['add', 'edit'] },
  request: jsonBody(SaveBody),
  data: CustomFieldSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/customField/delete',
  tag: TAG,
  summary: 'Delete a custom field no record holds a value of',
  description: 'A field in use is refused (409 custom_field.in_use, naming it and the number of records).',
  access: { route: ROUTE, button: 'del' },
  request: jsonBody(IdBody),
  data: z.null(),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { entity } = c.req.valid('query');
    return c.json(ok((await listCustomFields(serviceContext(c).db, entity)).map(present)), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    assertAccess(c, { route: ROUTE, button: body.id ? 'edit' : 'add' });
    const row = await saveCustomField(serviceContext(c), { ...body, required: body.required ?? false, shown: body.shown ?? true });
    return c.json(ok(present(row)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    await deleteCustomField(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });
}
