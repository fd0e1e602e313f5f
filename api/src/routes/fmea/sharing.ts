import type { OpenAPIHono } from '@hono/zod-openapi';
import { getShare, MAX_SHARE_USERS, schema, setShare, type ProjectShareView } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, readAccess, writeAccess } from './access.ts';
import { Id, Timestamp } from './schemas.ts';
import { DateTime } from '../../http/fields.ts';

const TAG = 'fmea-projects';
const DAY_MS = 86_400_000;

const ShareSchema = z
  .strictObject({
    projectId: z.string(),
    scope: z.enum(schema.SHARE_SCOPES).openapi({ description: 'none: nobody beyond the team; partly: the listed users; all: every user' }),
    expiresAt: DateTime.nullable().openapi({ description: 'After this moment the share no longer applies; null: no expiry' }),
    userIds: z.array(z.string()),
    users: z.array(z.strictObject({ id: z.string(), userName: z.string(), realName: z.string().nullable() })),
    version: z.number().int().openapi({ description: '0 while the project was never shared; send it back with saveShare' }),
  })
  .openapi('FmeaProjectShare');

const Expiry = z
  .union([z.iso.datetime({ offset: true }), z.iso.date()])
  .nullable()
  .openapi({ description: 'An ISO timestamp, or a calendar date YYYY-MM-DD meaning through that day (UTC); null: no expiry. Must lie in the future.', example: '2026-12-31' });

const SaveBody = z
  .object({
    projectId: Id,
    scope: z.enum(schema.SHARE_SCOPES),
    expiresAt: Expiry,
    userIds: z.array(Id).max(MAX_SHARE_USERS).openapi({ description: `The users a partly share names (at most ${MAX_SHARE_USERS}); ignored for none and all` }),
    version: z.number().int().min(0).optional().openapi({ description: 'The share version read (0 or left out when never shared); a different current one answers 409' }),
  })
  .openapi('FmeaProjectShareBody');

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/project/share',
  tag: TAG,
  summary: 'How a project is shared beyond its team (team members and administrators)',
  description: 'Shared readers and other non-members answer 403: who else reads a project is the team’s business.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: ShareSchema,
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/project/saveShare',
  tag: TAG,
  summary: 'Share a project read-only with listed users or everyone, until an optional expiry',
  description:
    'Only the responsible person (role 0) or an administrator (403 permission.share_owner_only otherwise). Shared readers may open and read the project and ' +
    'download its attachments; every write answers 403 permission.project_read_only. Team membership always takes precedence.',
  access: writeAccess('edit'),
  request: jsonBody(SaveBody),
  data: ShareSchema,
});

/** A calendar date shares through the end of that day (UTC); a timestamp is taken as given. */
const expiryOf = (value: string | null): Date | null =>
  value === null ? null : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS) : new Date(value);

const present = (share: ProjectShareView) => share;

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getRoute, async (c) => {
    const { projectId } = c.req.valid('query');
    return c.json(ok(present(await getShare(fmeaContext(c), projectId))), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    const saved = await setShare(fmeaContext(c), { ...body, expiresAt: expiryOf(body.expiresAt) });
    return c.json(ok(present(saved)), 200);
  });
}
