import type { OpenAPIHono } from '@hono/zod-openapi';
import { getPasswordPolicy } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';

export const rulesRoute = defineRoute({
  method: 'get',
  path: '/api/security/passwordRules',
  tag: 'auth',
  summary: 'The password rules in force (for the hint beside password fields)',
  description: 'Public: the sign-in page shows them when a password must be changed before signing in. Only the composition rules; no account data.',
  access: 'public',
  data: z.strictObject({
    minLength: z.number(),
    maxLength: z.number(),
    requireLower: z.boolean(),
    requireUpper: z.boolean(),
    requireDigit: z.boolean(),
    requireSpecial: z.boolean(),
    forbidSequences: z.boolean(),
  }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(rulesRoute, async (c) => {
    const p = await getPasswordPolicy(c.var.services.database.db);
    const { minLength, maxLength, requireLower, requireUpper, requireDigit, requireSpecial, forbidSequences } = p;
    return c.json(ok({ minLength, maxLength, requireLower, requireUpper, requireDigit, requireSpecial, forbidSequences }), 200);
  });
}
