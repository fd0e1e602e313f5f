import type { OpenAPIHono } from '@hono/zod-openapi';
import { pushMessages } from '../../realtime/message-push.ts';
import { decideFtaTree, getFtaRelease, listFtaApprovers, listFtaReleases, revokeFtaTree, submitFtaTree, REVIEW_OPINION_MAX_LENGTH, type FtaReleaseSummary } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { DateTime, Id, iso } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { DocumentSchema, presentTree, TAG, TreeSchema } from './schemas.ts';

/**
 * A fault tree's review and release (issue 23; docs/domain/fta.md, "Review and release"): submit to a named
 * approver, the approver's decision, revoking a release, and the frozen releases. The status moves only
 * here; core checks who may (the edit button to submit, the named approver to decide, the creator or an
 * administrator to revoke) and refuses a step from the wrong status by name (409 status.fta.*).
 */
const TreeKey = Id.openapi({ description: 'The tree: its id or its number (FT…)' });
const Version = z.number().int().min(1).openapi({ description: 'The version as read (a stale one is 409 fta.tree_stale)' });
const Opinion = z.string().max(REVIEW_OPINION_MAX_LENGTH).nullable().optional().openapi({ description: `At most ${REVIEW_OPINION_MAX_LENGTH} characters (checked by core, named in words)` });

const ResultSchema = z
  .strictObject({
    missionTime: z.number().openapi({ description: 'Hours' }),
    probability: z.strictObject({ exact: z.number(), rareEvent: z.number().nullable(), mcub: z.number().nullable() }),
    cutSetCount: z.number().nullable().openapi({ description: 'Minimal cut sets; null for a tree with NOT or XOR' }),
    top: z.string(),
  })
  .openapi('FtaReleaseResult');

const releaseFields = {
  releaseNum: z.number().int().openapi({ description: '1, 2, … per tree' }),
  releaseTime: DateTime,
  releasedByName: z.string().nullable(),
  submitterName: z.string().nullable(),
  opinion: z.string().nullable(),
  revokeTime: DateTime.nullable().openapi({ description: 'When the release was revoked; null while it is the current one' }),
  revokedByName: z.string().nullable(),
  result: ResultSchema,
};
const ReleaseSummarySchema = z.strictObject(releaseFields).openapi('FtaReleaseSummary');
const ReleaseSchema = z
  .strictObject({ ...releaseFields, tree: z.strictObject({ id: z.string(), ftaNum: z.string(), name: z.string() }), document: DocumentSchema })
  .openapi('FtaRelease');

const presentRelease = ({ releasedAt, revokedAt, ...rest }: FtaReleaseSummary) => ({ ...rest, releaseTime: iso(releasedAt)!, revokeTime: iso(revokedAt) });

export const submitRoute = defineRoute({
  method: 'post',
  path: '/api/fta/submit',
  tag: TAG,
  summary: 'Submit a draft fault tree for review by a named approver',
  description:
    'draft → underReview. The approver holds the fta_index route and may read the tree; under the separation-of-duties rule it is not the submitter (400 with the issue under approverId). ' +
    'The approver gets a message (code ftaReview) opening the tree. Needs the edit button.',
  access: { route: 'fta_index', button: 'edit' },
  request: jsonBody(z.object({ id: TreeKey, version: Version, approverId: Id.openapi({ description: 'A user id (GET /api/fta/approvers)' }), opinion: Opinion })),
  data: TreeSchema,
});

export const decideRoute = defineRoute({
  method: 'post',
  path: '/api/fta/decide',
  tag: TAG,
  summary: 'The named approver approves (release) or rejects (back to draft) a fault tree under review',
  description:
    'approve: underReview → released, the document and its analysis (exact, rare-event and MCUB probability, cut-set count, mission time) frozen as the next release; the opinion is optional. ' +
    'reject: underReview → draft; the opinion is required. Only the approver named at submission (403 fta.not_the_approver). The submitter gets the decision as a message.',
  access: { route: 'fta_index' },
  request: jsonBody(z.object({ id: TreeKey, version: Version, decision: z.enum(['approve', 'reject']), opinion: Opinion })),
  data: TreeSchema,
});

export const revokeRoute = defineRoute({
  method: 'post',
  path: '/api/fta/revoke',
  tag: TAG,
  summary: 'Revoke a fault tree’s release (back to draft; the releases stay)',
  description: 'released → draft, by the tree’s creator or an administrator (403 fta.revoke_not_creator). The release is marked revoked and kept; a later approval adds the next number.',
  access: { route: 'fta_index' },
  request: jsonBody(z.object({ id: TreeKey, version: Version, opinion: Opinion })),
  data: TreeSchema,
});

export const releasesRoute = defineRoute({
  method: 'get',
  path: '/api/fta/releases',
  tag: TAG,
  summary: 'A fault tree’s releases, newest first',
  access: { route: 'fta_index' },
  request: { query: z.object({ id: TreeKey }) },
  data: z.array(ReleaseSummarySchema).openapi('FtaReleaseList'),
});

export const releaseRoute = defineRoute({
  method: 'get',
  path: '/api/fta/release',
  tag: TAG,
  summary: 'One release of a fault tree, with the document as it was approved',
  access: { route: 'fta_index' },
  request: { query: z.object({ id: TreeKey, releaseNum: z.coerce.number().int().min(1).openapi({ description: 'The release’s number' }) }) },
  data: ReleaseSchema,
});

export const approversRoute = defineRoute({
  method: 'get',
  path: '/api/fta/approvers',
  tag: TAG,
  summary: 'The people who may be named approver of a fault tree',
  description: 'Users who hold fta_index and may read the tree (not the caller under separation of duties), by user name, real name or job number; at most 50. Needs the edit button.',
  access: { route: 'fta_index', button: 'edit' },
  request: { query: z.object({ id: TreeKey, search: z.string().trim().max(100).optional() }) },
  data: z.array(z.strictObject({ id: z.string(), userName: z.string(), realName: z.string() })).openapi('FtaApprovers'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(submitRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { tree, messages } = await submitFtaTree(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentTree(tree)), 200);
  });
  app.openapi(decideRoute, async (c) => {
    const { id, decision, ...input } = c.req.valid('json');
    const { tree, messages } = await decideFtaTree(serviceContext(c), id, decision, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentTree(tree)), 200);
  });
  app.openapi(revokeRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { tree, messages } = await revokeFtaTree(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(presentTree(tree)), 200);
  });
  app.openapi(releasesRoute, async (c) => c.json(ok((await listFtaReleases(serviceContext(c), c.req.valid('query').id)).map(presentRelease)), 200));
  app.openapi(releaseRoute, async (c) => {
    const { id, releaseNum } = c.req.valid('query');
    const { tree, document, ...release } = await getFtaRelease(serviceContext(c), id, releaseNum);
    return c.json(ok({ ...presentRelease(release), tree, document }), 200);
  });
  app.openapi(approversRoute, async (c) => {
    const { id, search } = c.req.valid('query');
    return c.json(ok(await listFtaApprovers(serviceContext(c), id, { search })), 200);
  });
}
