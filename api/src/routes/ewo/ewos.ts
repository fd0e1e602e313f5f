import type { OpenAPIHono } from '@hono/zod-openapi';
import { createEwo, deleteEwo, EWO_OPEN_STATUSES, EWO_SOURCES, EWO_STATES, EWO_TYPES, getEwo, listEwoPeople, listEwos, updateEwo } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { Description, EwoKey, EwoSchema, presentEwo, presentSummary, SummarySchema, TAG, Version } from './schemas.ts';

/**
 * EWOs (issue 24, area ewo: route ewo_index, our choice; docs/domain/ewo.md): list, read, open (add), edit,
 * delete, and the people the pickers offer. Gated by the route and its buttons; core checks again, and an
 * EWO's content is its creator's and tracker's (403 ewo.owner_only), an EWO of another site is not found.
 */
const ClosingDate = z.string().max(40).nullable().optional().openapi({ description: 'YYYY-MM-DD (a real date; checked by core)' });

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/list',
  tag: TAG,
  summary: 'Engineering changes, newest change first',
  description:
    'Filters: search (number or description contains), status (any of the states), openStatus (open or closed), ewoType, source, scope (mine: created by the caller; tracking: the caller tracks; ' +
    'approving: waiting for the caller’s publish decision). EWOs of a site the caller does not belong to are left out.',
  access: { route: 'ewo_index' },
  request: jsonBody(
    z.object({
      ...PageQuery,
      search: z.string().trim().max(200).optional(),
      status: z.array(z.enum(EWO_STATES)).max(EWO_STATES.length).optional(),
      openStatus: z.enum(EWO_OPEN_STATUSES).optional(),
      ewoType: z.enum(EWO_TYPES).optional(),
      source: z.enum(EWO_SOURCES).optional(),
      scope: z.enum(['mine', 'tracking', 'approving']).optional(),
    }),
  ),
  data: pageOf(SummarySchema).openapi('EwoPage'),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/ewo/get',
  tag: TAG,
  summary: 'One engineering change: its fields, affected items, documents, history and what the caller may do',
  access: { route: 'ewo_index' },
  request: { query: z.object({ id: EwoKey, timestamp: z.string().max(40).optional() }) },
  data: EwoSchema,
});

export const addRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/add',
  tag: TAG,
  summary: 'Open an engineering change (a new EC number)',
  description:
    'Every field is checked at once (description required, at most 500 characters; type and source from their lists; closing date a real date; the tracker a user who may read EWOs). ' +
    'The tracker gets a message (code ewo). The EWO belongs to the caller’s session site. Needs the add button.',
  access: { route: 'ewo_index', button: 'add' },
  request: jsonBody(z.object({ description: Description, ewoType: z.enum(EWO_TYPES), source: z.enum(EWO_SOURCES), closingDate: ClosingDate, trackerId: z.string().max(64) })),
  data: EwoSchema,
});

export const editRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/edit',
  tag: TAG,
  summary: 'Edit an engineering change’s fields',
  description:
    'Only the fields sent change. While opening or in follow-up (409 ewo.locked_pending / ewo.locked_published after), by its creator or tracker (403 ewo.owner_only), at the version read. ' +
    'A new tracker gets a message. Needs the edit button.',
  access: { route: 'ewo_index', button: 'edit' },
  request: jsonBody(
    z.object({
      id: EwoKey,
      version: Version,
      description: Description.optional(),
      ewoType: z.enum(EWO_TYPES).optional(),
      source: z.enum(EWO_SOURCES).optional(),
      closingDate: ClosingDate,
      trackerId: z.string().max(64).optional(),
    }),
  ),
  data: EwoSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/ewo/delete',
  tag: TAG,
  summary: 'Delete an engineering change still being opened',
  description: 'Only while opening (409 ewo.delete_opening_only), by its creator (403 ewo.creator_only). Kept as deleted: its number is never given again. Needs the del button.',
  access: { route: 'ewo_index', button: 'del' },
  request: jsonBody(z.object({ id: EwoKey, version: Version })),
  data: z.strictObject({ id: z.string() }).openapi('EwoDeleted'),
});

export const peopleRoute = defineRoute({
  method: 'get',
  path: '/api/ewo/people',
  tag: TAG,
  summary: 'The people who may be named tracker or approver',
  description: 'tracker: users who may read EWOs (of the EWO’s site); approver: those who also hold the audit button (not the caller under separation of duties). By user name, real name or job number; at most 50.',
  access: { route: 'ewo_index' },
  request: { query: z.object({ role: z.enum(['tracker', 'approver']), id: EwoKey.optional(), search: z.string().trim().max(100).optional() }) },
  data: z.array(z.strictObject({ id: z.string(), userName: z.string(), realName: z.string() })).openapi('EwoPeople'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { timestamp: _t, ...query } = c.req.valid('json');
    const result = await listEwos(serviceContext(c), query);
    return c.json(ok({ ...result, items: result.items.map(presentSummary) }), 200);
  });

  app.openapi(getRoute, async (c) => c.json(ok(presentEwo(await getEwo(serviceContext(c), c.req.valid('query').id))), 200));

  app.openapi(addRoute, async (c) => {
    const { ewo, messages } = await createEwo(serviceContext(c), c.req.valid('json'));
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentEwo(ewo)), 200);
  });

  app.openapi(editRoute, async (c) => {
    const { id, ...changes } = c.req.valid('json');
    const { ewo, messages } = await updateEwo(serviceContext(c), id, changes);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentEwo(ewo)), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id, version } = c.req.valid('json');
    await deleteEwo(serviceContext(c), id, version);
    return c.json(ok({ id }), 200);
  });

  app.openapi(peopleRoute, async (c) => {
    const { role, id, search } = c.req.valid('query');
    return c.json(ok(await listEwoPeople(serviceContext(c), role, { ewo: id, search })), 200);
  });
}
