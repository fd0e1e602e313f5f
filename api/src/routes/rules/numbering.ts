import type { OpenAPIHono } from '@hono/zod-openapi';
import { DATE_FORMATS, listNumberingRules, nextNumber, previewNextNumber, SEPARATORS, setNumberingRule, type DateFormat, type NumberingRule } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { NumberPreviewSchema } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'numbering';
const ROUTE = 'system_numbering';

/** Shapes only; element kinds, date formats, digits and separators are checked by core (validateNumberingRule). */
const ElementSchema = z
  .object({
    kind: z.string().max(20).openapi({ description: 'prefix, date, serial, separator or space' }),
    format: z.string().max(20).optional().openapi({ description: 'date: yyMMdd, yyyyMMdd, yyMM, yyyyMM or yyyy' }),
    digits: z.number().optional().openapi({ description: 'serial: 3 to 8' }),
    value: z.string().max(5).optional().openapi({ description: 'separator: - _ . or /' }),
  })
  .openapi('NumberElement');

const NumberingRuleSchema = z
  .object({
    module: z.string().min(1).max(50),
    prefix: z.string().max(50),
    elements: z.array(ElementSchema).max(20),
    allowManual: z.boolean(),
  })
  .openapi('NumberingRule', { description: 'Spec "Numbering rule": module, code prefix, code elements (date, serial number, separator or space), allow manual modification' });

/** A rule as stored and answered: core has checked it, so each element is exactly what its kind holds. */
const StoredElementSchema = z
  .discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('prefix') }),
    z.strictObject({ kind: z.literal('date'), format: z.enum(DATE_FORMATS as [DateFormat, ...DateFormat[]]) }),
    z.strictObject({ kind: z.literal('serial'), digits: z.number().int() }),
    z.strictObject({ kind: z.literal('separator'), value: z.enum(SEPARATORS) }),
    z.strictObject({ kind: z.literal('space') }),
  ])
  .openapi('StoredNumberElement');

const StoredRuleSchema = NumberingRuleSchema.extend({ elements: z.array(StoredElementSchema) }).strict().openapi('StoredNumberingRule');

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/numberingRule/list',
  tag: TAG,
  summary: 'The numbering rule of every module (defaults where unchanged)',
  access: { route: ROUTE },
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: z.strictObject({ items: z.array(StoredRuleSchema) }),
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/numberingRule/save',
  tag: TAG,
  summary: 'Change the numbering rule of a module',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(NumberingRuleSchema),
  data: StoredRuleSchema,
});

export const nextRoute = defineRoute({
  method: 'post',
  path: '/api/numberingRule/next',
  tag: TAG,
  summary: 'Take the next number of a module',
  description: 'For administrators trying a rule out: the number is used up and logged. Work areas allocate their numbers inside their own services.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ module: z.string().min(1).max(50) })),
  data: z.strictObject({ number: z.string() }),
});

export const previewRoute = defineRoute({
  method: 'get',
  path: '/api/numberingRule/preview',
  tag: TAG,
  summary: 'The next number of a module, without taking it',
  description:
    'What POST /api/numberingRule/next would hand out now: same rule, counter and date, but nothing is used up or logged. A look, not a reservation: another allocation may come first. An unknown module answers 400.',
  access: { route: ROUTE },
  request: { query: z.object({ module: z.string().min(1).max(50), timestamp: z.string().max(40).optional() }) },
  data: NumberPreviewSchema,
});

/** Only the fields an element's kind reads, so stored rules hold no stray keys. */
function cleanElements(elements: z.infer<typeof ElementSchema>[]): NumberingRule['elements'] {
  return elements.map(({ kind, format, digits, value }) => {
    switch (kind) {
      case 'date':
        return { kind, format } as never;
      case 'serial':
        return { kind, digits } as never;
      case 'separator':
        return { kind, value } as never;
      default:
        return { kind } as never;
    }
  });
}

/** An element with exactly the field its kind holds. */
function presentElement(e: NumberingRule['elements'][number]): z.output<typeof StoredElementSchema> {
  switch (e.kind) {
    case 'date':
      return { kind: e.kind, format: e.format };
    case 'serial':
      return { kind: e.kind, digits: e.digits };
    case 'separator':
      return { kind: e.kind, value: e.value };
    default:
      return { kind: e.kind };
  }
}

function presentRule(rule: NumberingRule): z.output<typeof StoredRuleSchema> {
  return { module: rule.module, prefix: rule.prefix, elements: rule.elements.map(presentElement), allowManual: rule.allowManual };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    return c.json(ok({ items: (await listNumberingRules(c.var.services.database.db)).map(presentRule) }), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    const rule = { module: body.module, prefix: body.prefix, elements: cleanElements(body.elements), allowManual: body.allowManual } as NumberingRule;
    return c.json(ok(presentRule(await setNumberingRule(serviceContext(c), rule))), 200);
  });

  app.openapi(previewRoute, async (c) => {
    const ctx = serviceContext(c);
    return c.json(ok(await previewNextNumber(ctx.db, c.req.valid('query').module, ctx.now())), 200);
  });

  app.openapi(nextRoute, async (c) => {
    return c.json(ok({ number: await nextNumber(serviceContext(c), c.req.valid('json').module) }), 200);
  });
}
