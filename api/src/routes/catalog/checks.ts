import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCatalogRecordBySerial, labelCatalogIssues, probeCatalogValue, type CatalogProbeAnswer, type CatalogTypeDefinition, type ServiceContext } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { Id } from '../../http/fields.ts';
import { issueMessage } from '../../http/errors.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { catalogTypeOf, runCatalog } from './handlers.ts';
import { presentRecord } from './present.ts';
import { CATALOG_BASES, Timestamp, entityParams, recordSchema, type CatalogBase } from './schemas.ts';

/**
 * What a catalog form asks before saving (spec 001 §7): whether a value
 * would be refused (validateInvalidDescription, validateProductFeature: one
 * generic probe, the spec's two names as aliases) and a record by its
 * number (selectBySerial). Open to signed-in users; the engine asks for the
 * type's route, as reading does.
 */

/** A field's value as the form sends it (text fields hold at most 200 characters, spec 001 §5). */
const Value = z.union([z.string().max(200), z.number(), z.array(z.string().max(200)).max(50), z.null()]);

const ValidateBody = z
  .object({
    field: z.string().trim().min(1).max(64).openapi({ description: 'The field being typed, by its spec name (invalidmode, featureExplain, priority …)' }),
    value: Value.openapi({ description: 'The value typed' }),
    values: z.record(z.string().max(64), Value).optional().openapi({ description: 'The form’s other fields, for unique rules that combine fields (customer + priority)' }),
    id: Id.optional().openapi({ description: 'The version being edited: its record does not clash with itself, and its values fill the fields not sent' }),
  })
  .openapi('CatalogValidateBody');

const ValidateAnswer = z
  .strictObject({
    valid: z.boolean().openapi({ description: 'false: saving would refuse the value (its field’s own checks or a unique rule)' }),
    field: z.string().optional().openapi({ description: 'The field the refusal is about (the first of a combined rule)' }),
    messageKey: z.string().optional(),
    message: z.string().optional().openapi({ description: 'The refusal in the reader’s language, the field named by the type’s header' }),
  })
  .openapi('CatalogValidateAnswer');

const VALIDATE_DESCRIPTION =
  'Answers what saving would say about the value: the field’s own checks (kind, length, bounds, required) and the type’s unique rules the field takes part in, ' +
  'compared trimmed and case-insensitively with other records’ present (deleted records and the edited record’s own versions do not count). A clash with a ' +
  'record under review answers the save’s conflict message. Needs the type’s route. An undeclared field is a 400.';

const BySerialQuery = z.object({
  serialNum: z.string().trim().min(1).max(100).openapi({ description: 'The record’s number (FA…, PD…, FC…)' }),
  timestamp: Timestamp,
});

function checkRoutes<const B extends CatalogBase>(base: B) {
  const { tag } = CATALOG_BASES[base];
  const params = entityParams(base);
  return {
    validate: defineRoute({
      method: 'post',
      path: `/api/${base}/{entity}/validate` as `/api/${B}/{entity}/validate`,
      tag,
      summary: 'Whether saving would refuse a value, before saving (spec 001 §7 validateInvalidDescription, validateProductFeature)',
      description: VALIDATE_DESCRIPTION,
      access: 'user',
      request: { params, ...jsonBody(ValidateBody) },
      data: ValidateAnswer,
    }),
    getBySerial: defineRoute({
      method: 'get',
      path: `/api/${base}/{entity}/getBySerial` as `/api/${B}/{entity}/getBySerial`,
      tag,
      summary: 'A record by its number: its latest version (spec 001 §7 selectBySerial)',
      description: 'The release while a new version is prepared beside it, the new one once approved. Needs the type’s route and the record’s product type; an unknown or deleted number is a 404.',
      access: 'user',
      request: { params, query: BySerialQuery },
      data: recordSchema(base),
    }),
  };
}

export const { validate: validateKnowledge, getBySerial: getKnowledgeBySerial } = checkRoutes('knowledge');
export const { validate: validateMainData, getBySerial: getMainDataBySerial } = checkRoutes('mainData');

/** The spec's named probes (001 §7): the generic probe on the type's describing field, by the spec's body. */
const InvalidModeProbe = z
  .object({ invalidmode: Value.openapi({ description: 'The failure description typed' }), id: Id.optional().openapi({ description: 'The version being edited' }) })
  .openapi('InvalidModeProbeBody');
const ProductFeatureProbe = z
  .object({ featureExplain: Value.openapi({ description: 'The characteristic description typed' }), id: Id.optional().openapi({ description: 'The version being edited' }) })
  .openapi('ProductFeatureProbeBody');

const named = { method: 'post', tag: 'knowledge', description: VALIDATE_DESCRIPTION, access: 'user', data: ValidateAnswer } as const;

export const validateInvalidDescription = defineRoute({
  ...named,
  path: '/api/knowledge/invalidMode/validateInvalidDescription',
  summary: 'Whether saving would refuse a failure description (spec 001 §7); POST /api/knowledge/invalidMode/validate on invalidmode',
  request: jsonBody(InvalidModeProbe),
});

export const validateProductFeature = defineRoute({
  ...named,
  path: '/api/knowledge/productFeatureCategory/validateProductFeature',
  summary: 'Whether saving would refuse a product characteristic description (spec 001 §7); POST /api/knowledge/productFeatureCategory/validate on featureExplain',
  request: jsonBody(ProductFeatureProbe),
});

type Ctx = Context<AppEnv>;

function answer(c: Ctx, type: CatalogTypeDefinition, result: CatalogProbeAnswer) {
  if (result.valid || !result.issue) return { valid: true };
  const [issue] = labelCatalogIssues([result.issue], type, c.var.locale);
  return { valid: false, field: issue!.field, messageKey: issue!.messageKey, message: issueMessage(c.var.locale, issue!) };
}

const probe = (c: Ctx, type: CatalogTypeDefinition, input: Parameters<typeof probeCatalogValue>[2]) =>
  runCatalog(c, type, (ctx: ServiceContext) => probeCatalogValue(ctx, type.id, input));

export function register(app: OpenAPIHono<AppEnv>) {
  for (const [base, routes] of [
    ['knowledge', { validate: validateKnowledge, getBySerial: getKnowledgeBySerial }],
    ['mainData', { validate: validateMainData, getBySerial: getMainDataBySerial }],
  ] as const) {
    app.openapi(routes.validate as typeof validateKnowledge, async (c) => {
      const type = catalogTypeOf(base, c.req.valid('param').entity);
      return c.json(ok(answer(c, type, await probe(c, type, c.req.valid('json')))), 200);
    });
    app.openapi(routes.getBySerial as typeof getKnowledgeBySerial, async (c) => {
      const type = catalogTypeOf(base, c.req.valid('param').entity);
      const view = await runCatalog(c, type, (ctx) => getCatalogRecordBySerial(ctx, type.id, c.req.valid('query').serialNum));
      return c.json(ok(presentRecord(type, view)), 200);
    });
  }

  app.openapi(validateInvalidDescription, async (c) => {
    const type = catalogTypeOf('knowledge', 'invalidMode');
    const { invalidmode, id } = c.req.valid('json');
    return c.json(ok(answer(c, type, await probe(c, type, { field: 'invalidmode', value: invalidmode, id }))), 200);
  });
  app.openapi(validateProductFeature, async (c) => {
    const type = catalogTypeOf('knowledge', 'productFeatureCategory');
    const { featureExplain, id } = c.req.valid('json');
    return c.json(ok(answer(c, type, await probe(c, type, { field: 'featureExplain', value: featureExplain, id }))), 200);
  });
}
