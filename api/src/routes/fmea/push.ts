import type { OpenAPIHono } from '@hono/zod-openapi';
import { PUSH_ITEM_KINDS, pushToKnowledge } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { ShortText } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, projectIdOfItem, writeAccess } from './access.ts';
import { Id, OptionalText, Version } from './schemas.ts';

/** Knowledge push (spec 001 §7): an FMEA item proposed to the catalog (docs/domain/catalog.md, "Reuse inside the FMEA"). */
const TAG = 'fmea-analysis';

export const pushToKnowledgeRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/pushToKnowledge',
  tag: TAG,
  summary: 'Propose a function, failure or control as a new catalog record (applied for review), cited by the item from then on',
  description:
    'Functions become function records, failures (FE/FM/FC) failure-mode records with the use type of their kind and their own S or O, ' +
    'controls prevention or detection measures. The record is created and applied for review with the caller’s own buttons on the catalog route ' +
    '(add and edit; 403 otherwise) and the caller must be able to edit the project. 409 when the item already cites a record, or when the same ' +
    'wording is under review ("a new knowledge item cannot be added while the same content is under review"); 400 when it is already in the catalog.',
  access: writeAccess('edit'),
  request: jsonBody(
    z.object({
      itemId: Id,
      kind: z.enum(PUSH_ITEM_KINDS),
      version: Version.optional(),
      enText: OptionalText.openapi({ description: 'The English wording (required while the English-required rule is on)' }),
      productType: ShortText.nullable().optional().openapi({ description: 'A product-type code of the caller’s; none makes the record everyone’s' }),
      remark: OptionalText.openapi({ description: 'The application’s remark for the reviewers' }),
    }),
  ),
  data: z
    .strictObject({
      itemId: z.string(),
      itemVersion: z.number().int().openapi({ description: 'The item’s row version after the link' }),
      record: z.strictObject({
        id: z.string(),
        type: z.string(),
        serialNum: z.string(),
        versionNo: z.number().int(),
        status: z.string().openapi({ description: '1: to be approved' }),
        quoteCount: z.number().int(),
      }),
    })
    .openapi('FmeaKnowledgePush'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(pushToKnowledgeRoute, async (c) => {
    const body = c.req.valid('json');
    const { itemId, itemVersion, record } = await pushToKnowledge(fmeaContext(c), body);
    const projectId = await projectIdOfItem(c, body.kind, itemId);
    if (projectId) await notifyChanged(c, projectId, body.kind, itemId);
    return c.json(
      ok({
        itemId,
        itemVersion,
        record: { id: record.id, type: record.type, serialNum: record.serialNum, versionNo: record.versionNo, status: record.status, quoteCount: record.quoteCount },
      }),
      200,
    );
  });
}
