import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../http/env.ts';
import { renderReference } from './reference.ts';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'FMEA Workbench API',
    version: '0.1.0',
    description:
      'Every answer is the envelope `{ meta: { success, code, message }, data }`; `message` follows the `lang` header (zh-CN default, en-US). ' +
      'Send the session token from `POST /api/login` in the `token` header, as `Authorization: Bearer <token>`, or let the browser send the `fmea_session` cookie. ' +
      'Passwords travel only in JSON bodies, never in query strings. A `timestamp` query parameter is accepted and ignored everywhere.',
  },
  servers: [{ url: '/' }],
};

/** `GET /api/openapi.json` (generated from the same zod schemas that validate) and a readable page at `/api/docs`. */
export function mountDocs(app: OpenAPIHono<AppEnv>) {
  app.openAPIRegistry.registerComponent('securitySchemes', 'token', { type: 'apiKey', in: 'header', name: 'token' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookie', { type: 'apiKey', in: 'cookie', name: 'fmea_session' });
  let cached: { json: unknown; html: string } | undefined;
  const build = () => {
    if (!cached) {
      const json = app.getOpenAPI31Document(OPENAPI_INFO);
      cached = { json, html: renderReference(json) };
    }
    return cached;
  };
  app.get('/api/openapi.json', (c) => c.json(build().json as object));
  app.get('/api/docs', (c) => c.html(build().html));
}
