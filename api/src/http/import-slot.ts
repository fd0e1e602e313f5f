import type { MiddlewareHandler } from 'hono';
import { translate } from '@fmea/core';
import { sendWaiting } from '../realtime/progress.ts';
import type { AppEnv } from './env.ts';

/**
 * Holds one of the server's import slots (AppServices.imports) while a
 * spreadsheet import runs: after the caller is authorised and before the
 * upload is read. When all slots are taken the request waits its turn, and
 * the caller's tabs are told so, with how many imports are ahead
 * (receiveProgressInfo `{ val: 0, text, waiting: true }`); the import's own
 * progress follows once it runs. Routes declare it with `importSlot: true`.
 */
export const holdImportSlot: MiddlewareHandler<AppEnv> = async (c, next) => {
  const services = c.var.services;
  const userId = c.var.auth?.user.id;
  const locale = c.var.locale;
  const release = await services.imports.acquire((ahead) => {
    if (userId) sendWaiting(services, userId, translate(locale, 'files.import_waiting', { ahead }));
  });
  try {
    await next();
  } finally {
    release();
  }
};
