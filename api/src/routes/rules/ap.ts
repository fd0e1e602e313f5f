import type { OpenAPIHono } from '@hono/zod-openapi';
import { AP_LEVELS, AP_RULE_TYPES, AP_TABLES, assertApRulesFile, assessRisk, decodeApRules, encodeApRules, getApRuleSet, replaceApRules, type ApRule } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';
import { asDownload, fileBytes, requireFile, sendBytes, UploadFile, XLSX_TYPE } from '../../http/files.ts';

const TAG = 'rules';
const ROUTE = 'system_rules';
const Table = z.enum(AP_TABLES).openapi({ description: 'Which rule table: dfmea, pfmea or msr (monitoring and system response)' });
const Bound = z.number().nullable().optional();

/** Shapes only: which bounds a type reads, their ranges and min ≤ max are core's rules (validateApRules). */
const ApRuleBody = z
  .object({
    ruleType: z.string().max(10),
    ap: z.string().max(2),
    sMin: Bound,
    sMax: Bound,
    oMin: Bound,
    oMax: Bound,
    dMin: Bound,
    dMax: Bound,
    rpnMin: Bound,
    rpnMax: Bound,
    so: Bound,
    sd: Bound,
  })
  .openapi('ApRule');

/** A rule as stored and answered: core has checked it, so its type and level are among core's. */
const StoredApRule = ApRuleBody.extend({ ruleType: z.enum(AP_RULE_TYPES), ap: z.enum(AP_LEVELS) }).strict().openapi('StoredApRule');

const ApRuleSetSchema = z
  .strictObject({ table: Table, selection: z.string(), rules: z.array(StoredApRule) })
  .openapi('ApRuleSet', { description: 'selection names the rule types that apply, e.g. "SOD" or "S,SO,RPN"' });

const Rating = z.number().int().min(1).max(10);

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/apRule/list',
  tag: TAG,
  summary: 'The AP rules of a table',
  access: 'user',
  request: { query: z.object({ table: Table, timestamp: z.string().max(40).optional() }) },
  data: ApRuleSetSchema,
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/apRule/save',
  tag: TAG,
  summary: 'Replace the AP rules of a table',
  description: 'The whole list is checked first; any wrong rule refuses the call (400, data.issues[] with row and field) and nothing is written. Without selection the current one stays.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object({ table: Table, selection: z.string().max(100).optional(), rules: z.array(ApRuleBody).max(1000) })),
  data: ApRuleSetSchema,
});

export const evaluateRoute = defineRoute({
  method: 'post',
  path: '/api/apRule/evaluate',
  tag: TAG,
  summary: 'Action priority and RPN of S/O/D ratings with the stored rules',
  description: 'raAp and rarpn (residual risk) are answered only when all three ra ratings are given.',
  access: 'user',
  request: jsonBody(
    z.object({
      table: Table,
      severity: Rating,
      occurrence: Rating,
      det: Rating,
      raseverity: Rating.nullable().optional(),
      raoccurrence: Rating.nullable().optional(),
      radet: Rating.nullable().optional(),
    }),
  ),
  data: z.strictObject({ ap: z.enum(AP_LEVELS), rpn: z.number().int(), raAp: z.enum(AP_LEVELS).optional(), rarpn: z.number().int().optional() }),
});

export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/apRule/export',
    tag: TAG,
    summary: 'Download the AP rules of a table (xlsx or json)',
    description: 'Answers the file itself (not the envelope); /api/apRule/import reads it back.',
    access: { route: ROUTE, button: 'export' },
    request: { query: z.object({ table: Table, format: z.enum(['xlsx', 'json']).default('xlsx'), timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The rules as a file (xlsx or json, as format asks)',
);

export const importRoute = defineRoute({
  method: 'post',
  path: '/api/apRule/import',
  tag: TAG,
  summary: 'Replace the AP rules of a table from a file',
  description:
    'multipart/form-data: `file` (json, xlsx or xls, at most 1 MB), `table`, optionally `selection` (else the file’s, else the current one). ' +
    'Checked like /api/apRule/save: a wrong rule writes nothing.' +
    ' Before it is read, a workbook is refused (400) when it is not an xlsx (file.not_xlsx; an .xls: file.xls_legacy) or passes the decompression limits, for its 1 MB: 50 MB unpacked, 10,000 rows, 200,000 cells (file.unpacked_too_large, file.too_many_rows, file.too_many_cells).',
  access: { route: ROUTE, button: 'import' },
  request: {
    body: {
      content: { 'multipart/form-data': { schema: z.object({ file: UploadFile, table: Table, selection: z.string().max(100).optional() }) } },
      required: true,
    },
  },
  importSlot: true,
  data: ApRuleSetSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    return c.json(ok(await getApRuleSet(c.var.services.database.db, c.req.valid('query').table)), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const { table, selection, rules } = c.req.valid('json');
    // shapes are loose on purpose: core reports every wrong rule with its row
    return c.json(ok(await replaceApRules(serviceContext(c), table, rules as ApRule[], selection)), 200);
  });

  app.openapi(evaluateRoute, async (c) => {
    const { table, ...ratings } = c.req.valid('json');
    const set = await getApRuleSet(c.var.services.database.db, table);
    return c.json(ok(assessRisk(ratings, set.rules, set.selection)), 200);
  });

  app.openapi(exportRoute, async (c) => {
    const { table, format } = c.req.valid('query');
    const set = await getApRuleSet(c.var.services.database.db, table);
    const fileName = `ap-rules-${table}.${format}`;
    return sendBytes(c, await encodeApRules(set, fileName), fileName, format === 'json' ? 'application/json' : XLSX_TYPE);
  });

  app.openapi(importRoute, async (c) => {
    const { table, selection, ...form } = c.req.valid('form');
    const file = requireFile(form.file, 'file');
    assertApRulesFile(file.name, file.size);
    const decoded = await decodeApRules(await fileBytes(file), file.name);
    return c.json(ok(await replaceApRules(serviceContext(c), table, decoded.rules, selection || decoded.selection)), 200);
  });
}
