import type { MiddlewareHandler } from 'hono';
import type { z } from '@hono/zod-openapi';
import type { AppEnv } from './env.ts';

/** An answer whose `data` does not parse through its route's data schema. */
export interface AnswerMismatch {
  /** The route as declared: `GET /api/fmea/riskGrid`. */
  route: string;
  /** The path called, with its query string. */
  path: string;
  issues: z.core.$ZodIssue[];
  /** All of the above as one text, one line per zod issue. */
  message: string;
}

/** A list answer repeats one mistake per row: the first few say it. */
const SHOWN_ISSUES = 8;

const describeIssue = (issue: z.core.$ZodIssue) => `  ${['data', ...issue.path.map(String)].join('.')}: ${issue.message} (${issue.code})`;

/**
 * Tests only (`createApp({ checkAnswers })`, set by `openTestApp`): a
 * successful JSON answer of the route is read back and its `data` parsed
 * through the route's data schema, so an answer with a missing field, a
 * wrong type or a key a strict schema does not name is caught where it is
 * made. Such an answer is handed to `checkAnswers` and replaced by a 500
 * naming the route, the path and zod's issues. Streamed answers (the large
 * risk grid, `c.var.streamed`) and files (any other content type, or a
 * content-disposition) are not read. Without the option nothing is done.
 */
export function answerCheck(method: string, path: string, data: z.ZodType): MiddlewareHandler<AppEnv> {
  const route = `${method.toUpperCase()} ${path}`;
  return async (c, next) => {
    await next();
    const check = c.var.services.checkAnswers;
    if (!check || c.res.status !== 200 || c.var.streamed) return;
    const type = c.res.headers.get('content-type') ?? '';
    if (!type.startsWith('application/json') || c.res.headers.has('content-disposition')) return;
    const body = (await c.res.clone().json()) as { meta?: { success?: unknown }; data?: unknown };
    if (body.meta?.success !== true) return;
    const parsed = data.safeParse(body.data);
    if (parsed.success) return;
    const url = new URL(c.req.url);
    const called = url.pathname + url.search;
    const { issues } = parsed.error;
    const more = issues.length > SHOWN_ISSUES ? [`  … and ${issues.length - SHOWN_ISSUES} more`] : [];
    const message = [`The answer of ${route} (${called}) does not match its data schema:`, ...issues.slice(0, SHOWN_ISSUES).map(describeIssue), ...more].join('\n');
    check({ route, path: called, issues, message });
    c.res = undefined;
    c.res = c.json({ meta: { success: false, code: 500, message }, data: { code: 'answer_mismatch', route, path: called, issues } }, 500);
  };
}
