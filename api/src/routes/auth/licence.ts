import type { OpenAPIHono } from '@hono/zod-openapi';
import { setTrial, TRIAL_MAX_DAYS } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { TrialSchema } from './schemas.ts';

/** The trial licence (docs/domain/licences.md); `GET /api/getLicenseInfo` shows it to everyone. */
export const setTrialRoute = defineRoute({
  method: 'post',
  path: '/api/licence/setTrial',
  tag: 'auth',
  summary: 'Start or end the trial licence (administrators only)',
  description:
    `trialDays (1–${TRIAL_MAX_DAYS}) starts a trial of that many days now, replacing any running one (the run code, the latest time a sign-in was seen, is set to now too); ` +
    'trialDays null ends the trial. While a trial is installed every sign-in is refused once it has expired (auth.trial_expired) or while the server’s clock is more than a day behind the run code (auth.illegal_time). Answers the trial, or null.',
  access: 'user',
  request: jsonBody(z.object({ trialDays: z.number().nullable() }).openapi('TrialChange')),
  data: TrialSchema.nullable(),
});

export function register(app: OpenAPIHono<AppEnv>) {
  // administrators only: core's setTrial checks it
  app.openapi(setTrialRoute, async (c) => c.json(ok(await setTrial(serviceContext(c), { days: c.req.valid('json').trialDays })), 200));
}
