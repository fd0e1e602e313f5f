import type { OpenAPIHono } from '@hono/zod-openapi';
import { failureFtaLinks, FAILURE_KINDS, FTA_REVIEW_REASONS, listProjectFtaLinks, listTreeLinks, reviewFtaLinks } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { DateTime, Id, iso } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { LinkSchema, TAG } from './schemas.ts';

/**
 * The links between tree events and FMEA items, and their review (issue 23: "a change on one side marks
 * the other for review"). Both sides read them under the area's route: the FMEA side (the DFMEA's views:
 * which trees and cut sets a cause is in, which links need review) also needs to be able to open the project.
 */
const Timestamp = z.string().max(40).optional();

export const treeLinksRoute = defineRoute({
  method: 'get',
  path: '/api/fta/links',
  tag: TAG,
  summary: 'A fault tree’s links to FMEA items, with their review state',
  access: { route: 'fta_index' },
  request: { query: z.object({ id: Id.openapi({ description: 'The tree: its id or number' }), timestamp: Timestamp }) },
  data: z.array(LinkSchema),
});

export const reviewLinksRoute = defineRoute({
  method: 'post',
  path: '/api/fta/reviewLinks',
  tag: TAG,
  summary: 'Mark a tree’s links as reviewed: both sides are taken as they are now',
  description: 'linkIds: the links (default: all of the tree’s). A link whose FMEA item or tree event is gone is removed (removed). Needs the edit button.',
  access: { route: 'fta_index', button: 'edit' },
  request: jsonBody(z.object({ id: Id, linkIds: z.array(Id).max(10_000).optional() })),
  data: z.strictObject({ reviewed: z.number().int(), removed: z.number().int() }).openapi('FtaLinksReviewed'),
});

export const failureLinksRoute = defineRoute({
  method: 'get',
  path: '/api/fta/failureLinks',
  tag: TAG,
  summary: 'For an FMEA item (a cause): the fault trees it is in, the minimal cut sets holding it, and which links need review',
  description:
    'For the FMEA’s views. Needs the FTA route and to be able to open the item’s project. cutSets: the listed minimal cut sets holding the event, with their order and probability (complete: all of the tree’s were listed); ' +
    'probability and fussellVesely: the event’s in the tree (basic events); topProbability: the tree’s exact top-event probability; eventLabels: what the cut sets’ events say; reviewNotes: who made each change that asks for review, and when.',
  access: { route: 'fta_index' },
  request: { query: z.object({ failureId: Id, timestamp: Timestamp }) },
  data: z
    .strictObject({
      failure: z.strictObject({ id: z.string(), kind: z.enum(FAILURE_KINDS), description: z.string() }),
      links: z.array(
        LinkSchema.extend({
          probability: z.number().nullable(),
          fussellVesely: z.number().nullable(),
          cutSets: z.array(z.strictObject({ events: z.array(z.string()), order: z.number().int(), probability: z.number() })),
          complete: z.boolean(),
          topProbability: z.number().nullable(),
          eventLabels: z.record(z.string(), z.string()),
          reviewNotes: z.array(z.strictObject({ reason: z.enum(FTA_REVIEW_REASONS), by: z.string().nullable(), at: DateTime.nullable() })),
        }),
      ),
    })
    .openapi('FtaFailureLinks'),
});

export const projectLinksRoute = defineRoute({
  method: 'get',
  path: '/api/fta/projectLinks',
  tag: TAG,
  summary: 'Every link of an FMEA project’s items to fault trees, with their review state (the FMEA’s badges)',
  description: 'Needs the FTA route and to be able to open the project.',
  access: { route: 'fta_index' },
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.array(LinkSchema),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(treeLinksRoute, async (c) => c.json(ok(await listTreeLinks(serviceContext(c), c.req.valid('query').id)), 200));

  app.openapi(reviewLinksRoute, async (c) => {
    const { id, linkIds } = c.req.valid('json');
    return c.json(ok(await reviewFtaLinks(serviceContext(c), id, linkIds)), 200);
  });

  app.openapi(failureLinksRoute, async (c) => {
    const view = await failureFtaLinks(serviceContext(c), c.req.valid('query').failureId);
    const links = view.links.map((l) => ({ ...l, reviewNotes: l.reviewNotes.map((n) => ({ ...n, at: iso(n.at) })) }));
    return c.json(ok({ ...view, links }), 200);
  });

  app.openapi(projectLinksRoute, async (c) => c.json(ok(await listProjectFtaLinks(serviceContext(c), c.req.valid('query').projectId)), 200));
}
