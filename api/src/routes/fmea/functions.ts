import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  addCharacteristic,
  addFunction,
  addInterface,
  CHARACTERISTIC_CLASSES,
  deleteCharacteristic,
  deleteFunction,
  deleteInterface,
  INTERFACE_TYPES,
  linkFunctions,
  listCharacteristics,
  listInterfaces,
  unlinkFunctions,
  updateCharacteristic,
  updateFunction,
  updateInterface,
  type InterfaceType,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, readAccess, writeAccess } from './access.ts';
import {
  CatalogRecordIdInput,
  CharacteristicProcessInput,
  CharacteristicSchema,
  Confirm,
  DeleteBody,
  FunctionLinkSchema,
  FunctionSchema,
  FunctionScopeInput,
  Id,
  IdVersionBody,
  InterfaceSchema,
  OptionalText,
  presentCharacteristic,
  presentFunction,
  presentFunctionLink,
  presentImpact,
  presentInterface,
  RemovedSchema,
  RequiredText,
  Timestamp,
  Version,
} from './schemas.ts';

/** Step 3 (functions, requirements, the function net, characteristics) and the interface analysis. */
const TAG = 'fmea-functions';

const InterfaceType = z
  .number()
  .int()
  .refine((v): v is InterfaceType => (Object.values(INTERFACE_TYPES) as number[]).includes(v), { message: 'interface type 1..5', params: { messageKey: 'request.one_of', options: Object.values(INTERFACE_TYPES).join(', ') } })
  .openapi({ description: '1 physical connection, 2 signal, 3 energy, 4 material, 5 human-machine' });

const route = <const P extends string, D extends z.ZodType, B extends z.ZodType>(path: P, summary: string, button: 'add' | 'edit' | 'del', body: B, data: D, description?: string) =>
  defineRoute({ method: 'post', path: `/api/fmea/${path}` as const, tag: TAG, summary, description, access: writeAccess(button), request: jsonBody(body), data });

export const addFunctionRoute = route(
  'addFunction',
  'Add a function (with its requirement) to a structure element, optionally citing the catalog function picked for its text',
  'add',
  z.object({ nodeId: Id, description: RequiredText, requirement: OptionalText, catalogRecordId: CatalogRecordIdInput, functionScope: FunctionScopeInput }),
  FunctionSchema,
);
export const updateFunctionRoute = route(
  'updateFunction',
  'Change a function’s description, requirement, position or (PFMEA process item) scope',
  'edit',
  z.object({
    id: Id,
    version: Version,
    description: RequiredText.optional(),
    requirement: OptionalText,
    sort: z.number().int().min(1).max(1_000_000).optional(),
    catalogRecordId: CatalogRecordIdInput,
    functionScope: FunctionScopeInput,
  }),
  FunctionSchema,
);
export const deleteFunctionRoute = route('deleteFunction', 'Delete a function with its characteristics and failures', 'del', DeleteBody, RemovedSchema, '409 with data.count while other nodes use it and confirm is not true.');
export const linkFunctionsRoute = route(
  'linkFunctions',
  'Function net: the lower function contributes to the higher one (same element or next lower level)',
  'add',
  z.object({ higherFunctionId: Id, lowerFunctionId: Id }),
  FunctionLinkSchema,
);
export const unlinkFunctionsRoute = route(
  'unlinkFunctions',
  'Remove a function-net link',
  'del',
  z.object({ id: Id, confirm: Confirm }),
  z.strictObject({ functionLinks: z.array(z.string()), failureLinks: z.array(z.string()) }).openapi({ description: 'The ids of the links removed: this one and the failure links that relied on it' }),
  '409 with data.count when failure links rely on it, until confirm is true.',
);

const CharacteristicClass = z.enum(CHARACTERISTIC_CLASSES);
export const addCharacteristicRoute = route(
  'addCharacteristic',
  'Add a characteristic to a function (PFMEA: a product characteristic on a process step, a process characteristic on a work element)',
  'add',
  z.object({ functionId: Id, name: RequiredText, characteristicClass: CharacteristicClass, special: z.boolean().optional(), ...CharacteristicProcessInput }),
  CharacteristicSchema,
);
export const updateCharacteristicRoute = route(
  'updateCharacteristic',
  'Change a characteristic',
  'edit',
  z.object({ id: Id, version: Version, name: RequiredText.optional(), characteristicClass: CharacteristicClass.optional(), special: z.boolean().optional(), ...CharacteristicProcessInput }),
  CharacteristicSchema,
);
export const deleteCharacteristicRoute = route('deleteCharacteristic', 'Delete a characteristic', 'del', IdVersionBody, z.null());
export const listCharacteristicsRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/characteristics',
  tag: TAG,
  summary: 'The characteristic list of a project (special=1: special characteristics only)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, special: z.enum(['0', '1']).optional(), timestamp: Timestamp }) },
  data: z.array(CharacteristicSchema),
});

export const addInterfaceRoute = route(
  'addInterface',
  'Interface analysis: an interface between two structure nodes',
  'add',
  z.object({ firstNodeId: Id, secondNodeId: Id, interfaceType: InterfaceType, description: OptionalText }),
  InterfaceSchema,
);
export const updateInterfaceRoute = route(
  'updateInterface',
  'Change an interface’s type or description',
  'edit',
  z.object({ id: Id, version: Version, interfaceType: InterfaceType.optional(), description: OptionalText, reason: OptionalText.openapi({ description: 'Why: required while the interface reason rule (ruleOpen) is on; kept in the row history' }) }),
  InterfaceSchema,
);
export const deleteInterfaceRoute = route('deleteInterface', 'Delete an interface', 'del', IdVersionBody.extend({ reason: OptionalText.openapi({ description: 'Why: required while the interface reason rule (ruleOpen) is on; kept in the row history' }) }), z.null());
export const listInterfacesRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/interfaces',
  tag: TAG,
  summary: 'The interfaces of a project (block / boundary diagram)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.array(InterfaceSchema),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(addFunctionRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await addFunction(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'function', row.id);
    return c.json(ok(presentFunction(row)), 200);
  });

  app.openapi(updateFunctionRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await updateFunction(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'function', row.id);
    return c.json(ok(presentFunction(row)), 200);
  });

  app.openapi(deleteFunctionRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'function', id);
    const impact = await deleteFunction(fmeaContext(c), id, input);
    if (projectId) await notifyChanged(c, projectId, 'function', id);
    return c.json(ok(presentImpact(impact)), 200);
  });

  app.openapi(linkFunctionsRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await linkFunctions(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'functionLink', row.id);
    return c.json(ok(presentFunctionLink(row)), 200);
  });

  app.openapi(unlinkFunctionsRoute, async (c) => {
    const { id, confirm } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'functionLink', id);
    const broken = await unlinkFunctions(fmeaContext(c), id, { confirm });
    if (projectId) await notifyChanged(c, projectId, 'functionLink', id);
    return c.json(ok({ functionLinks: [...broken.functionLinks], failureLinks: [...broken.failureLinks] }), 200);
  });

  app.openapi(addCharacteristicRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await addCharacteristic(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'characteristic', row.id);
    return c.json(ok(presentCharacteristic(row)), 200);
  });

  app.openapi(updateCharacteristicRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await updateCharacteristic(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'characteristic', row.id);
    return c.json(ok(presentCharacteristic(row)), 200);
  });

  app.openapi(deleteCharacteristicRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'characteristic', id);
    await deleteCharacteristic(fmeaContext(c), id, { version });
    if (projectId) await notifyChanged(c, projectId, 'characteristic', id);
    return c.json(ok(null), 200);
  });

  app.openapi(listCharacteristicsRoute, async (c) => {
    const { projectId, special } = c.req.valid('query');
    const rows = await listCharacteristics(fmeaContext(c), projectId, { specialOnly: special === '1' });
    return c.json(ok(rows.map(presentCharacteristic)), 200);
  });

  app.openapi(addInterfaceRoute, async (c) => {
    const body = c.req.valid('json');
    const row = await addInterface(fmeaContext(c), body);
    await notifyChanged(c, row.projectId, 'interface', row.id);
    return c.json(ok(presentInterface(row)), 200);
  });

  app.openapi(updateInterfaceRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const row = await updateInterface(fmeaContext(c), id, input);
    await notifyChanged(c, row.projectId, 'interface', row.id);
    return c.json(ok(presentInterface(row)), 200);
  });

  app.openapi(deleteInterfaceRoute, async (c) => {
    const { id, version, reason } = c.req.valid('json');
    const projectId = await projectIdOfItem(c, 'interface', id);
    await deleteInterface(fmeaContext(c), id, { version, reason });
    if (projectId) await notifyChanged(c, projectId, 'interface', id);
    return c.json(ok(null), 200);
  });

  app.openapi(listInterfacesRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    const rows = await listInterfaces(fmeaContext(c), projectId);
    return c.json(ok(rows.map(presentInterface)), 200);
  });
}
