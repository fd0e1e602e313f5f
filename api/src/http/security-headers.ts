import type { MiddlewareHandler } from 'hono';

/**
 * Headers on every answer, the workbench's pages and files as much as the
 * API's: no page of another site may frame ours (clickjacking: X-Frame-Options
 * for older browsers, CSP frame-ancestors for the rest, added to a file
 * answer's own policy), and no answer is sniffed into another type.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // a WebSocket upgrade answers nothing a browser renders
  if (c.res.status === 101) return;
  const headers = c.res.headers;
  headers.set('x-frame-options', 'DENY');
  headers.set('x-content-type-options', 'nosniff');
  const policy = headers.get('content-security-policy');
  if (!policy) headers.set('content-security-policy', "frame-ancestors 'none'");
  else if (!/frame-ancestors/i.test(policy)) headers.set('content-security-policy', `${policy}; frame-ancestors 'none'`);
};
