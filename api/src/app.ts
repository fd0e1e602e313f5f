import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { isDomainError, normalizeLocale, translate, translateError, type Database } from '@fmea/core';
import { fail, ok } from './envelope.ts';

const STATUS = { invalid_input: 400, unauthenticated: 401, not_allowed: 403, not_found: 404, conflict: 409, invalid_transition: 409 } as const;

export interface AppOptions {
  database: Database;
}

/**
 * The HTTP API under /api. This is the foundation's stub: health and the
 * error envelope; the sign-in, administration and work-area routes build on it.
 */
export function createApp({ database }: AppOptions) {
  const app = new Hono();
  const locale = (header: string | undefined) => normalizeLocale(header);

  app.get('/api/health', async (c) => {
    await database.client.execute('SELECT 1');
    return c.json(ok({ status: 'up' }));
  });

  app.notFound((c) => {
    const lang = locale(c.req.header('lang') ?? c.req.header('accept-language'));
    return c.json(fail(404, translate(lang, 'error.not_found')), 404);
  });

  app.onError((error, c) => {
    const lang = locale(c.req.header('lang') ?? c.req.header('accept-language'));
    if (isDomainError(error)) {
      const status = STATUS[error.code];
      return c.json(fail(status, translateError(lang, error), { code: error.code, issues: error.issues }), status);
    }
    if (error instanceof HTTPException) return c.json(fail(error.status, error.message), error.status);
    console.error(error);
    return c.json(fail(500, translate(lang, 'error.system')), 500);
  });

  return app;
}
