import { noteWrites, readRouterOf } from './http/read-replica.ts';
import './i18n.ts';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { importConcurrencyFromEnv, importLimitFromEnv, ImportSlots, isDomainError, normalizeLocale, NotFoundError, type Database } from '@fmea/core';
import { translate } from '@fmea/core/i18n';
import { fail, ok } from './envelope.ts';
import { errorAnswer } from './http/errors.ts';
import type { AnswerMismatch } from './http/answer-check.ts';
import { AuthCache } from './http/auth-cache.ts';
import { authenticate } from './http/authenticate.ts';
import { allowedOriginsFromEnv, originGuard, trustProxyFromEnv, type WebOrigins } from './http/origin.ts';
import type { AppEnv, AppServices } from './http/env.ts';
import { securityHeaders } from './http/security-headers.ts';
import { refuseUnsafeText, requestInvalid } from './http/validation.ts';
import { defineRoute, z } from './http/route.ts';
import { mountDocs } from './docs/mount.ts';
import { RealtimeHub } from './realtime/hub.ts';
import { mountSocket } from './realtime/socket.ts';
import { registerRoutes } from './routes/index.ts';

const healthRoute = defineRoute({
  method: 'get',
  path: '/api/health',
  tag: 'system',
  summary: 'Readiness: the server takes requests and its database answers',
  description:
    'For load balancers and monitors: 200 with status "up" when the database answered a query just now; 503 (the envelope\'s ' +
    'success false, data.status "draining" or "down") while the server drains before it stops (it still serves the requests it ' +
    'gets, so take it out of rotation) or when the database does not answer.',
  access: 'public',
  data: z.strictObject({ status: z.string() }),
  unavailable: 'Draining (data.status "draining") or the database does not answer ("down"): take this server out of rotation',
});

/** How long /api/health waits for the database before it says "down". */
const HEALTH_QUERY_MS = 2000;

/** JSON bodies are small; uploads have their own, larger limits per route. */
export const JSON_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 5 * 25 * 1024 * 1024 + 64 * 1024;
/** Imports take one spreadsheet of at most 1 MB (BOM 3 MB), plus form fields. */
export const IMPORT_BODY_LIMIT = 3 * 1024 * 1024 + 64 * 1024;
/** The body limit of the import routes for a spreadsheet limit: never below the BOM's, plus room for the form fields. */
export function importBodyLimit(importLimitBytes: number): number {
  return Math.max(IMPORT_BODY_LIMIT, importLimitBytes + 64 * 1024);
}
const IMPORT_PATH = /\/(userImport|importDic|import|importData|importDataFlatProduct|importDescription)$/;

export interface AppOptions {
  database: Database;
  now?: () => Date;
  /** Where uploaded files live (by generated id). Default ./data/files. */
  filesDir?: string;
  realtime?: RealtimeHub;
  /**
   * Largest spreadsheet the import routes take, in bytes. Default: the
   * operator's IMPORT_MAX_MB (whole MB, 1..100; a bad value throws), else 1 MB.
   */
  importLimitBytes?: number;
  /** Spreadsheet imports run at once; the others wait their turn. Default: IMPORT_CONCURRENCY (1..16; a bad value throws), else 2. */
  importConcurrency?: number;
  /** How a throttled sign-in waits (default: a timer); tests record the delays instead. */
  wait?: (ms: number) => Promise<void>;
  /** Proxy trust and extra browser origins. Default: TRUST_PROXY and ALLOWED_ORIGINS (a bad value throws). */
  web?: Partial<WebOrigins>;
  /**
   * Tests only: parse every JSON answer's data through its route's schema and
   * call this with each that does not match (which then answers 500). Off in
   * production: the server never pays for it.
   */
  checkAnswers?: (mismatch: AnswerMismatch) => void;
}

export type App = OpenAPIHono<AppEnv>;

export function createApp(options: AppOptions) {
  const filesDir = resolve(options.filesDir ?? process.env.FILES_DIR ?? './data/files');
  mkdirSync(filesDir, { recursive: true });
  const importLimitBytes = options.importLimitBytes ?? importLimitFromEnv(process.env);
  if (!Number.isSafeInteger(importLimitBytes) || importLimitBytes <= 0) throw new RangeError(`importLimitBytes must be a positive whole number of bytes (got ${importLimitBytes})`);
  const importBodyBytes = importBodyLimit(importLimitBytes);
  const web: WebOrigins = {
    trustProxy: options.web?.trustProxy ?? trustProxyFromEnv(process.env),
    allowedOrigins: options.web?.allowedOrigins ?? allowedOriginsFromEnv(process.env),
  };
  const services: AppServices = {
    database: options.database,
    now: options.now ?? (() => new Date()),
    realtime: options.realtime ?? new RealtimeHub(),
    auth: new AuthCache(),
    filesDir,
    importLimitBytes,
    imports: new ImportSlots(options.importConcurrency ?? importConcurrencyFromEnv(process.env)),
    web,
    wait: options.wait,
    lifecycle: { draining: false },
    readRouter: readRouterOf(options.database),
    checkAnswers: options.checkAnswers,
  };

  const app = new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      // the validator hands the hook the input beside zod's answer (its type leaves it out): "missing" vs "wrong type"
      if (!result.success) throw requestInvalid(result.error, (result as { data?: unknown }).data);
      refuseUnsafeText(result.data);
    },
  });

  // every answer, the workbench's included (server.ts mounts it on this app): never framed, never sniffed
  app.use('*', securityHeaders);
  app.use('/api/*', async (c, next) => {
    c.set('services', services);
    // the spec's client sends a `lang` header; browsers send Accept-Language
    c.set('locale', normalizeLocale(c.req.header('lang') ?? c.req.header('accept-language')));
    await next();
  });
  // before the body is read: a forged request is refused on its headers alone
  app.use('/api/*', originGuard(web));
  app.use('/api/*', async (c, next) => {
    // GET and HEAD carry no body; touching it would make the adapter build a stream for nothing
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const isUpload = (c.req.header('content-type') ?? '').startsWith('multipart/form-data');
    // spreadsheet imports are small files (IMPORT_MAX_MB, default 1 MB): refuse bigger bodies before buffering them
    const limit = !isUpload ? JSON_BODY_LIMIT : IMPORT_PATH.test(c.req.path) ? importBodyBytes : UPLOAD_BODY_LIMIT;
    // A declared length is enforced by Node's parser, so checking it suffices. Not touching
    // `raw.body` here keeps the adapter's fast path for c.req.json() (no web stream per request).
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (Number(declared) > limit) throw new HTTPException(413, { message: 'request.too_large' });
      return next();
    }
    return bodyLimit({
      maxSize: limit,
      onError: () => {
        throw new HTTPException(413, { message: 'request.too_large' });
      },
    })(c, next);
  });
  // resolves the session; a write that changed access (here, in another server or the CLI) moved the auth stamp it follows
  app.use('/api/*', authenticate);
  // a read replica: the position of each session's writes, so its lists never miss them
  app.use('/api/*', noteWrites);

  app.openapi(healthRoute, async (c) => {
    const locale = c.get('locale');
    if (services.lifecycle.draining) return c.json(fail(503, translate(locale, 'health.draining'), { status: 'draining' }) as never, 503 as never);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const answered = await Promise.race([
      services.database.query('SELECT 1').then(
        () => true,
        () => false,
      ),
      new Promise<false>((late) => (timer = setTimeout(() => late(false), HEALTH_QUERY_MS))),
    ]);
    clearTimeout(timer);
    if (!answered) return c.json(fail(503, translate(locale, 'health.database_down'), { status: 'down' }) as never, 503 as never);
    return c.json(ok({ status: 'up' }), 200);
  });
  registerRoutes(app);
  mountSocket(app, services);
  mountDocs(app);

  app.notFound((c) => {
    const lang = normalizeLocale(c.req.header('lang') ?? c.req.header('accept-language'));
    const { status, envelope } = errorAnswer(new NotFoundError('request.route_not_found'), lang);
    return c.json(envelope, status);
  });

  // the one place an error becomes the envelope (http/errors.ts)
  app.onError((error, c) => {
    const lang = c.var.locale ?? normalizeLocale(c.req.header('lang'));
    if (!isDomainError(error) && !(error instanceof HTTPException)) console.error(error);
    const { status, envelope } = errorAnswer(error, lang);
    return c.json(envelope, status);
  });

  return { app, services };
}
