import type { OpenAPIHono } from '@hono/zod-openapi';
import { getPasswordPolicy, setPasswordPolicy, type PasswordPolicy } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'settings';
const ROUTE = 'system_security';

const count = (description: string) => z.number().openapi({ description });

/** Spec 000 §5 "Admin password settings". Numbers are shapes here; whole, non-negative and consistent is core's rule (validatePolicy). */
const policyFields = {
  minLength: count('Minimum password length'),
  maxLength: count('Maximum password length'),
  requireLower: z.boolean(),
  requireUpper: z.boolean(),
  requireDigit: z.boolean(),
  requireSpecial: z.boolean(),
  forbidSequences: z.boolean().openapi({ description: 'Refuse three consecutive letters or digits (abc, 321)' }),
  historyCount: count('How many earlier passwords may not be reused (0: only the current one)'),
  maxWrongAttempts: count('Wrong passwords in a row before the account locks'),
  lockoutMinutes: count('A lock from wrong passwords lifts after this many minutes (0: only an administrator unlocks); an administrator’s lock never lifts by itself'),
  addressMaxFailures: count('Failed sign-ins from one network address within the window before each further failure from it is answered more slowly (1 s, doubling, up to 30 s; a right password is always accepted; 0: no throttle)'),
  addressWindowMinutes: count('The window of the per-address limit, in minutes'),
  idleLogoutMinutes: count('Sign out after this many idle minutes (0: never)'),
  forceChangeOnFirstLogin: z.boolean(),
  expiryDays: count('Passwords expire after this many days (0: never)'),
  expiryWarningDays: count('Warn this many days before expiry'),
};

const PolicySchema = z.strictObject(policyFields).openapi('PasswordPolicy');

/** The policy's settings by name, and nothing else the stored row may carry. */
const POLICY_KEYS = Object.keys(policyFields) as (keyof typeof policyFields)[];
const presentPolicy = (policy: PasswordPolicy) => Object.fromEntries(POLICY_KEYS.map((key) => [key, policy[key]])) as z.output<typeof PolicySchema>;

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/security/getPolicy',
  tag: TAG,
  summary: 'Password and security settings',
  access: { route: ROUTE },
  request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
  data: PolicySchema,
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/security/savePolicy',
  tag: TAG,
  summary: 'Change password and security settings',
  description: 'Send only what changes. The whole resulting policy is checked (at least one character type, minimum ≤ maximum, …); any problem refuses the call.',
  access: { route: ROUTE, button: 'edit' },
  request: jsonBody(z.object(policyFields).partial().openapi('PasswordPolicyChange')),
  data: PolicySchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(getRoute, async (c) => {
    return c.json(ok(presentPolicy(await getPasswordPolicy(c.var.services.database.db))), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const policy = await setPasswordPolicy(serviceContext(c), c.req.valid('json'));
    return c.json(ok(presentPolicy(policy)), 200);
  });
}
