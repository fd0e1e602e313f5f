import type { OpenAPIHono } from '@hono/zod-openapi';
import { getAppSettings, getTranslationSettings, setAppSettings, setBackground, type AppSettings } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { serviceContext } from '../../http/context.ts';

const TAG = 'settings';

const AppInfoSchema = z
  .strictObject({
    sysLogoUrl: z.string().nullable(),
    sysName: z.string(),
    sysNameEn: z.string(),
    importMaxMb: z.number().int().optional().openapi({ description: 'The size limit of spreadsheet imports in MB (IMPORT_MAX_MB)' }),
    loginBackgroundUrl: z.string().nullable().optional().openapi({ description: 'The login page background picture (public)' }),
    homeBackgroundUrl: z.string().nullable().optional().openapi({ description: 'The home page background picture (signed-in users)' }),
    watermark: z.boolean().optional().openapi({ description: 'Whether the workbench draws the signed-in user\'s name and the time over its pages' }),
    defaultLocale: z.enum(['zh-CN', 'en-US']).nullable().optional().openapi({ description: 'The app manager\'s user setting: the language the workbench opens in until a user chooses one (null: the browser\'s language)' }),
    translation: z.boolean().optional().openapi({ description: 'Whether the translation service is on, so the forms offer "Translate" beside their English fields (GET /api/translation/translation)' }),
  })
  .openapi('AppInfo', { description: 'Spec "Logo info": what the login page and the header show' });

export const infoRoute = defineRoute({
  method: 'post',
  path: '/api/replaceLogo/getInfoByClient',
  tag: TAG,
  summary: 'System name and logo (login page; no sign-in needed)',
  access: 'public',
  request: { body: { content: { 'application/json': { schema: z.object({ client: z.string().max(50).optional() }) } }, required: false } },
  data: AppInfoSchema,
});

export const saveNameRoute = defineRoute({
  method: 'post',
  path: '/api/replaceLogo/saveSysName',
  tag: TAG,
  summary: 'Change the system name (Chinese and English)',
  description: 'Both names are required, at most 50 characters. The logo is uploaded with /api/replaceLogo/replaceClientLogo.',
  access: { route: 'system_app', button: 'edit' },
  request: jsonBody(z.object({ sysName: z.string().max(50), sysNameEn: z.string().max(50) })),
  data: AppInfoSchema,
});

export const saveUserSettingsRoute = defineRoute({
  method: 'post',
  path: '/api/replaceLogo/saveUserSettings',
  tag: TAG,
  summary: 'The user setting: the language a new user starts in',
  description: 'zh-CN, en-US, or null (the default: the browser\'s language); the workbench opens in it until the user picks a language in the header. Logged as settings.app.',
  access: { route: 'system_app', button: 'edit' },
  request: jsonBody(z.object({ defaultLocale: z.enum(['zh-CN', 'en-US']).nullable() })),
  data: AppInfoSchema,
});

export const saveWatermarkRoute = defineRoute({
  method: 'post',
  path: '/api/replaceLogo/saveWatermark',
  tag: TAG,
  summary: 'Turn the watermark on or off',
  description: 'With the watermark on, the workbench draws the signed-in user\'s name and the current time over every page (also when printed); it does not catch clicks. Off by default.',
  access: { route: 'system_app', button: 'edit' },
  request: jsonBody(z.object({ watermark: z.boolean() })),
  data: AppInfoSchema,
});

export const saveBackgroundRoute = defineRoute({
  method: 'post',
  path: '/api/replaceLogo/saveBackground',
  tag: TAG,
  summary: 'Set or remove the login page or home page background picture',
  description: 'The picture is first uploaded with /api/fileOperate/uploadFmeaImg (jpg/png, 2M), then named here by its id; null removes it. The login background is served without a session by /api/replaceLogo/loginBackground; the home one to signed-in users.',
  access: { route: 'system_app', button: 'edit' },
  request: jsonBody(z.object({ which: z.enum(['login', 'home']), fileName: z.string().max(64).nullable() })),
  data: AppInfoSchema,
});

/** What the login page and the shell need; file ids become addresses (the login one carries its id so a new picture is not cached as the old). */
function present(s: AppSettings) {
  return {
    sysLogoUrl: s.sysLogoUrl,
    sysName: s.sysName,
    sysNameEn: s.sysNameEn,
    watermark: s.watermark,
    defaultLocale: s.defaultLocale,
    loginBackgroundUrl: s.loginBackground ? `/api/replaceLogo/loginBackground?v=${s.loginBackground}` : null,
    homeBackgroundUrl: s.homeBackground ? `/api/fileOperate/downloadFile?fileName=${s.homeBackground}` : null,
  };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(infoRoute, async (c) => {
    const importMaxMb = Math.round(c.var.services.importLimitBytes / (1024 * 1024));
    const db = c.var.services.database.db;
    // only whether it is on: the address (which may carry a key) stays with the administrators
    const translation = (await getTranslationSettings(db)).enabled;
    return c.json(ok({ ...present(await getAppSettings(db)), importMaxMb, translation }), 200);
  });

  app.openapi(saveNameRoute, async (c) => {
    const { sysName, sysNameEn } = c.req.valid('json');
    const after = await setAppSettings(serviceContext(c), { sysName, sysNameEn });
    return c.json(ok(present(after)), 200);
  });

  app.openapi(saveUserSettingsRoute, async (c) => {
    const { defaultLocale } = c.req.valid('json');
    return c.json(ok(present(await setAppSettings(serviceContext(c), { defaultLocale }))), 200);
  });

  app.openapi(saveWatermarkRoute, async (c) => {
    const { watermark } = c.req.valid('json');
    const after = await setAppSettings(serviceContext(c), { watermark });
    return c.json(ok(present(after)), 200);
  });

  app.openapi(saveBackgroundRoute, async (c) => {
    const { which, fileName } = c.req.valid('json');
    return c.json(ok(present(await setBackground(serviceContext(c), which, fileName))), 200);
  });
}
