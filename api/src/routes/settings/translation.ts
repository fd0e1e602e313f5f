import type { OpenAPIHono } from '@hono/zod-openapi';
import { getTranslationSettings, setTranslationSettings, translateText } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';

/** The translation flag (spec 000 §7 GET /translation/translation) and its provider's settings (the app manager). */

const TAG = 'settings';

export const translateRoute = defineRoute({
  method: 'get',
  path: '/api/translation/translation',
  tag: TAG,
  summary: 'Translate a text through the administrator’s translation service (spec 000 §7)',
  description:
    'data.result: desc in the target language (default en-US, for the English fields beside the Chinese ones). The server calls the provider the app manager names; ' +
    'refusals: empty desc (400 translation.empty_source), the service not switched on (409 translation.disabled), the service failing, timing out (10 s) or answering nothing (409 translation.failed). Nothing is stored.',
  access: 'user',
  request: {
    query: z.object({
      desc: z.string().max(2000).openapi({ description: 'The text to translate' }),
      target: z.enum(['zh-CN', 'en-US']).default('en-US'),
      timestamp: z.string().max(40).optional(),
    }),
  },
  data: z.strictObject({ result: z.string() }),
});

const Settings = z.strictObject({
  enabled: z.boolean().openapi({ description: 'Whether the translation flag is offered (off by default)' }),
  endpoint: z.string().nullable().openapi({ description: 'The provider’s address; it gets { q, text, source: "auto", target: "en"|"zh", locale } as JSON and answers { result } or { translatedText }' }),
});

export const settingsRoute = defineRoute({
  method: 'get',
  path: '/api/translation/settings',
  tag: TAG,
  summary: 'The translation service’s settings (app manager)',
  access: { route: 'system_app' },
  data: Settings,
});

export const saveSettingsRoute = defineRoute({
  method: 'post',
  path: '/api/translation/saveSettings',
  tag: TAG,
  summary: 'Switch the translation service on or off and name its address (app manager)',
  description: 'Switching on needs an http or https address (400 translation.endpoint_invalid on the field endpoint). Logged as settings.translation with the address’s origin only (the rest may carry a key).',
  access: { route: 'system_app', button: 'edit' },
  request: jsonBody(z.object({ enabled: z.boolean().optional(), endpoint: z.string().max(500).nullable().optional() }).openapi('TranslationSettingsBody')),
  data: Settings,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(translateRoute, async (c) => {
    const { desc, target } = c.req.valid('query');
    return c.json(ok({ result: await translateText(serviceContext(c), desc, target) }), 200);
  });

  app.openapi(settingsRoute, async (c) => c.json(ok(await getTranslationSettings(c.var.services.database.db)), 200));

  app.openapi(saveSettingsRoute, async (c) => c.json(ok(await setTranslationSettings(serviceContext(c), c.req.valid('json'))), 200));
}
