import type { OpenAPIHono } from '@hono/zod-openapi';
import { FEATURE_CLASSIFY_PROJECT_KINDS, projectFeatureClasses } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { defineRoute, z } from '../../http/route.ts';

/**
 * The characteristic classes an FMEA project uses (spec 001 §7
 * GET /featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}),
 * read by the FMEA's pages, not the catalog page: open to whoever may open
 * the project (core projectFeatureClasses), no catalog route asked.
 */

const ClassSchema = z
  .strictObject({
    id: z.string().openapi({ description: 'The released version' }),
    rootId: z.string(),
    serialNum: z.string(),
    versionNo: z.number().int(),
    category: z.string(),
    enCategory: z.string().nullable(),
    priority: z.number().int().nullable(),
    customer: z.string().nullable(),
    isRelateSod: z.enum(['0', '1']).openapi({ description: '1: the class follows the S/O/D ratings; 0: not related' }),
  })
  .openapi('ProjectFeatureClass');

export const getFeatureClassifyByCustomer = defineRoute({
  method: 'get',
  path: '/api/knowledge/featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}',
  tag: 'knowledge',
  summary: 'The characteristic classes a project uses: its customer’s released classes, else the general ones; smallest priority (the winner) first',
  description:
    'type 0: a design-side project (DFMEA, family FMEA, FMEA-MSR), 1: a process project (PFMEA). projectSerial: the project’s number, or a structure node’s ' +
    'id (the spec’s pptSerial / pppSerial). The project’s customer (a dictionary code) matches a class’s customer by the code or the item’s name in either ' +
    'language, trimmed and case-insensitively. isRelateSod is 1 when any class listed follows the S/O/D ratings. Needs the right to open the project ' +
    '(member, administrator or shared reader, and the area’s route); an unknown or deleted project, or one of the other type, is a 404.',
  access: 'user',
  request: {
    params: z.object({
      type: z.enum(FEATURE_CLASSIFY_PROJECT_KINDS).openapi({ param: { name: 'type', in: 'path' }, description: '0 design-side project, 1 process project' }),
      projectSerial: z.string().trim().min(1).max(100).openapi({ param: { name: 'projectSerial', in: 'path' }, description: 'Project number or structure node id' }),
    }),
  },
  data: z
    .strictObject({
      projectId: z.string(),
      serialNum: z.string(),
      customer: z.strictObject({ code: z.string(), name: z.string().nullable(), enName: z.string().nullable() }).nullable(),
      scope: z.enum(['customer', 'general']).openapi({ description: 'customer: the customer’s own classes; general: the classes without a customer' }),
      isRelateSod: z.enum(['0', '1']),
      items: z.array(ClassSchema),
    })
    .openapi('ProjectFeatureClasses'),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getFeatureClassifyByCustomer, async (c) => {
    const { type, projectSerial } = c.req.valid('param');
    const answer = await projectFeatureClasses(serviceContext(c), type, projectSerial);
    return c.json(ok({ ...answer, items: answer.items.map((item) => ({ ...item })) }), 200);
  });
}
