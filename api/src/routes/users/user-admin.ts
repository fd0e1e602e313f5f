import type { OpenAPIHono } from '@hono/zod-openapi';
import { findUserRow, resetPassword, setUserLocked } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { AdminUserSchema, Password, presentAdminUser } from './schemas.ts';
import { serviceContext } from '../../http/context.ts';
import { Id, IdBody } from '../../http/fields.ts';
import { endUserSessions } from '../../http/sessions.ts';

const TAG = 'users';

export const resetRoute = defineRoute({
  method: 'post',
  path: '/api/user/adminResetPwd',
  tag: TAG,
  summary: 'Reset a user’s password (administrator)',
  description:
    'Sets `password` (checked against the policy) or generates one, answered once as initialPassword. The user must change it at next sign-in; ' +
    'the account is unlocked and its sessions end at once.',
  access: { route: 'system_user', button: 'resetPwd' },
  request: jsonBody(z.object({ id: Id, password: Password.optional() }).openapi('AdminResetPasswordBody')),
  data: z.strictObject({ initialPassword: z.string().optional() }),
});

export const lockRoute = defineRoute({
  method: 'post',
  path: '/api/user/lock',
  tag: TAG,
  summary: 'Lock a user: sign-in is refused and the user’s sessions end at once',
  access: { route: 'system_user', button: 'lock' },
  request: jsonBody(IdBody),
  data: AdminUserSchema,
});

export const unlockRoute = defineRoute({
  method: 'post',
  path: '/api/user/unlock',
  tag: TAG,
  summary: 'Unlock a user (also clears the wrong-password counter)',
  access: { route: 'system_user', button: 'lock' },
  request: jsonBody(IdBody),
  data: AdminUserSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(resetRoute, async (c) => {
    const { id, password } = c.req.valid('json');
    const ctx = serviceContext(c);
    const target = await findUserRow(ctx.db, id);
    const { generatedPassword } = await resetPassword(ctx, target.id, password);
    await endUserSessions(c.var.services, target.id, 'passwordReset');
    return c.json(ok(generatedPassword ? { initialPassword: generatedPassword } : {}), 200);
  });

  app.openapi(lockRoute, async (c) => {
    const user = await setUserLocked(serviceContext(c), c.req.valid('json').id, true);
    await endUserSessions(c.var.services, user.id, 'userLocked');
    return c.json(ok(presentAdminUser(user)), 200);
  });

  app.openapi(unlockRoute, async (c) => {
    const user = await setUserLocked(serviceContext(c), c.req.valid('json').id, false);
    return c.json(ok(presentAdminUser(user)), 200);
  });
}
