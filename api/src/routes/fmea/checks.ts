import type { OpenAPIHono } from '@hono/zod-openapi';
import { checkLabelKey, checkSeverityLabelKey, checkStepLabelKey, FMEA_CHECK_CODES, FMEA_CHECK_SEVERITIES, FMEA_CHECK_STEPS, getProjectChecks, type ProjectChecks } from '@fmea/core';
import { translate, type Locale } from '@fmea/core/i18n';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { Timestamp } from './schemas.ts';

const FindingSchema = z
  .strictObject({
    code: z.enum(FMEA_CHECK_CODES as [string, ...string[]]),
    severity: z.enum(FMEA_CHECK_SEVERITIES),
    step: z.enum(FMEA_CHECK_STEPS),
    target: z.strictObject({
      kind: z.enum(['project', 'node', 'function', 'characteristic', 'failure', 'control', 'action']),
      id: z.string(),
      nodeId: z.string().nullable().openapi({ description: 'The structure node the item sits on (null for the project header)' }),
    }),
    params: z.record(z.string(), z.union([z.string(), z.number()])).openapi({ description: 'The values the message names (item name, ratings, planned date …)' }),
    message: z.string().openapi({ description: 'The finding in the reader’s language' }),
    stepLabel: z.string(),
    severityLabel: z.string(),
  })
  .openapi('FmeaCheckFinding');

const ChecksSchema = z
  .strictObject({
    projectId: z.string(),
    serialNum: z.string(),
    projectType: z.string(),
    counts: z.strictObject({ errors: z.number().int(), warnings: z.number().int() }),
    findings: z.array(FindingSchema),
  })
  .openapi('FmeaChecks');

export const checksRoute = defineRoute({
  method: 'get',
  path: '/api/project/checks',
  tag: 'fmea-review',
  summary: 'The checks before release of a project: its findings, earlier steps first',
  description:
    'The live linter of any FMEA (docs/domain/fmea-checks.md): errors block submit, re-review and release ("Report incomplete, not allowed to be released"), warnings must be acknowledged there (acknowledgeWarnings). Which checks run, and as error or warning, is the business rules’ group report. projectId takes the project’s id or its number (DF…/PF…); anyone who may open the project.',
  access: readAccess,
  request: { query: z.object({ projectId: z.string().trim().min(1).max(64), timestamp: Timestamp }) },
  data: ChecksSchema,
});

function present(checks: ProjectChecks, locale: Locale) {
  return {
    ...checks,
    findings: checks.findings.map((f) => ({
      ...f,
      message: translate(locale, checkLabelKey(f.code), f.params),
      stepLabel: translate(locale, checkStepLabelKey(f.step)),
      severityLabel: translate(locale, checkSeverityLabelKey(f.severity)),
    })),
  };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(checksRoute, async (c) => c.json(ok(present(await getProjectChecks(fmeaContext(c), c.req.valid('query').projectId), c.var.locale)), 200));
}
