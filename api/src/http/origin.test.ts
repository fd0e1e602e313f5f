import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema, translate } from '@fmea/core';
import { pdf } from '@fmea/core/testing';
import { openTestApp, TEST_PASSWORD } from '../testing.ts';
import { allowedOriginsFromEnv, trustProxyFromEnv } from './origin.ts';

/**
 * Cross-site request forgery: a state-changing request riding on the session
 * cookie must come from the served origin (or ALLOWED_ORIGINS); requests that
 * carry the token in a header cannot be forged and pass whatever their origin.
 */
const api = await openTestApp();
const behindProxy = await openTestApp({ web: { trustProxy: true, allowedOrigins: ['http://localhost:5173'] } });
afterAll(() => {
  api.dispose();
  behindProxy.dispose();
});

let token: string;
let cookie: string;
beforeAll(async () => {
  token = await api.adminToken();
  cookie = `fmea_session=${token}`;
});

const SERVED = 'http://localhost';
const EVIL = 'http://evil.example';

/** Saves a notice with the given headers; the title tells the attempts apart. */
function saveNotice(title: string, headers: Record<string, string>, app = api) {
  return app.call('POST', '/api/notice/saveOrUpdate', { headers: { lang: 'en-US', ...headers }, body: { title, content: 'x' } });
}

async function noticeTitles(app = api): Promise<string[]> {
  return (await app.t.db.select({ title: schema.notice.title }).from(schema.notice).all()).map((n) => n.title);
}

describe('a cookie-authenticated write', () => {
  it('is refused with 403 from a foreign Origin, in both languages, and changes nothing', async () => {
    const res = await saveNotice('forged', { cookie, origin: EVIL });
    expect(res.status).toBe(403);
    expect(res.body.meta).toEqual({ success: false, code: 403, message: translate('en-US', 'request.origin_foreign', { origin: EVIL }) });
    expect(res.body.meta.message).toBe('Refused: this request was sent from another website (http://evil.example). Open the workbench at its own address and try again');
    expect(res.body.data).toMatchObject({ code: 'not_allowed', messageKey: 'request.origin_foreign' });
    const zh = await saveNotice('forged', { cookie, origin: EVIL, lang: 'zh-CN' });
    expect(zh.body.meta.message).toBe('已拒绝：此请求来自其他网站（http://evil.example）。请通过本系统自己的地址打开工作台后重试');
    expect(await noticeTitles()).not.toContain('forged');
  });

  it('passes from the served origin', async () => {
    const res = await saveNotice('same origin', { cookie, origin: SERVED });
    expect(res.status).toBe(200);
    expect(await noticeTitles()).toContain('same origin');
  });

  it('judges by the Referer when there is no Origin', async () => {
    expect((await saveNotice('by referer', { cookie, referer: `${SERVED}/main/notice?x=1` })).status).toBe(200);
    const foreign = await saveNotice('foreign referer', { cookie, referer: `${EVIL}/attack.html` });
    expect(foreign.status).toBe(403);
    expect(foreign.body.data.messageKey).toBe('request.origin_foreign');
  });

  it('is refused without Origin or Referer, with a message pointing scripts to the token header', async () => {
    const res = await saveNotice('no origin', { cookie });
    expect(res.status).toBe(403);
    expect(res.body.data.messageKey).toBe('request.origin_missing');
    expect(res.body.meta.message).toContain('token header');
    expect(await noticeTitles()).not.toContain('no origin');
  });

  it('is refused from an opaque origin ("null") and from a look-alike host or another port or scheme', async () => {
    for (const origin of ['null', 'http://localhost.evil.example', 'http://localhost:8080', 'https://localhost', 'file://']) {
      expect((await saveNotice('look-alike', { cookie, origin })).status, origin).toBe(403);
    }
  });

  it('refuses a multipart upload with the cookie and a foreign Origin, and stores no file', async () => {
    const count = async () => (await api.t.db.select().from(schema.file).all()).length;
    const before = await count();
    const upload = () => {
      const form = new FormData();
      form.set('file', new File([pdf('forged')], 'forged.pdf', { type: 'application/pdf' }));
      return form;
    };
    const forged = await api.app.request('/api/fileOperate/uploadSingleFile', { method: 'POST', headers: { cookie, origin: EVIL, lang: 'en-US' }, body: upload() });
    expect(forged.status).toBe(403);
    expect(await count()).toBe(before);
    const own = await api.app.request('/api/fileOperate/uploadSingleFile', { method: 'POST', headers: { cookie, origin: SERVED }, body: upload() });
    expect(own.status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  it('leaves reads alone: a GET with the cookie from anywhere still answers', async () => {
    const res = await api.call('GET', '/api/user/info', { headers: { cookie, origin: EVIL } });
    expect(res.status).toBe(200);
  });
});

describe('a write with the token in a header', () => {
  it('passes from any origin with the token header or a Bearer token, even with the cookie beside it', async () => {
    expect((await saveNotice('token header', { token, origin: EVIL })).status).toBe(200);
    expect((await saveNotice('bearer', { authorization: `Bearer ${token}`, origin: EVIL })).status).toBe(200);
    expect((await saveNotice('both', { token, cookie, origin: EVIL })).status).toBe(200);
    expect((await saveNotice('no origin at all', { token })).status).toBe(200);
  });
});

describe('a request with no credential', () => {
  it('may sign in from a script that names no origin, but not from a foreign page (login CSRF)', async () => {
    const body = { username: 'admin', password: 'wrong-password-1' };
    const script = await api.call('POST', '/api/login', { body, lang: 'en-US' });
    expect(script.status).toBe(400);
    const forged = await api.call('POST', '/api/login', { body, lang: 'en-US', headers: { origin: EVIL } });
    expect(forged.status).toBe(403);
    expect(forged.body.data.messageKey).toBe('request.origin_foreign');
  });
});

describe('behind a trusted proxy (TRUST_PROXY=1) with ALLOWED_ORIGINS', () => {
  let proxied: string;
  beforeAll(async () => {
    proxied = `fmea_session=${await behindProxy.adminToken()}`;
  });
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fmea.example.com' };

  it('takes the served origin from X-Forwarded-Proto and X-Forwarded-Host', async () => {
    expect((await saveNotice('proxied', { cookie: proxied, origin: 'https://fmea.example.com', ...forwarded }, behindProxy)).status).toBe(200);
    expect((await saveNotice('proxied plain', { cookie: proxied, origin: 'http://fmea.example.com', ...forwarded }, behindProxy)).status).toBe(403);
    expect((await saveNotice('proxied internal', { cookie: proxied, origin: SERVED, ...forwarded }, behindProxy)).status).toBe(403);
  });

  it('accepts an allowed extra origin, such as a dev server', async () => {
    expect((await saveNotice('dev server', { cookie: proxied, origin: 'http://localhost:5173' }, behindProxy)).status).toBe(200);
    expect((await saveNotice('dev server', { cookie, origin: 'http://localhost:5173' })).status).toBe(403);
  });

  it('ignores forwarded headers when the proxy is not trusted', async () => {
    expect((await saveNotice('spoofed', { cookie, origin: 'https://fmea.example.com', ...forwarded })).status).toBe(403);
  });
});

describe('the Secure flag of the session cookie', () => {
  const login = (app: typeof api, url: string, headers: Record<string, string> = {}) =>
    app.app.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ username: 'admin', password: TEST_PASSWORD, forceLogin: true }) });

  it('is set behind a trusted proxy that says the browser used HTTPS', async () => {
    const res = await login(behindProxy, '/api/login', { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^fmea_session=[a-z2-7]{32};.*; Secure/);
  });

  it('is set when the request itself came over HTTPS', async () => {
    const res = await login(api, 'https://localhost/api/login');
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('is not set over plain HTTP, nor when an untrusted client claims HTTPS', async () => {
    const plain = await login(api, '/api/login');
    expect(plain.headers.get('set-cookie')).toMatch(/^fmea_session=/);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i);
    const claimed = await login(api, '/api/login', { 'x-forwarded-proto': 'https' });
    expect(claimed.headers.get('set-cookie')).not.toMatch(/Secure/i);
    const proxiedPlain = await login(behindProxy, '/api/login', { 'x-forwarded-proto': 'http' });
    expect(proxiedPlain.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it('is set on the new cookie of a site change too', async () => {
    const signedIn = await behindProxy.call('POST', '/api/login', { body: { username: 'admin', password: TEST_PASSWORD, forceLogin: true } });
    const { token: proxiedToken, siteId } = signedIn.body.data as { token: string; siteId: string };
    const res = await behindProxy.app.request('/api/user/changeGroup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', token: proxiedToken, 'x-forwarded-proto': 'https' },
      body: JSON.stringify({ siteId }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^fmea_session=[a-z2-7]{32};.*; Secure/);
  });
});

describe('the operator', () => {
  it('is told once per address pair in the log how to fix a proxy that hides HTTPS', async () => {
    const fresh = await openTestApp();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const freshCookie = `fmea_session=${await fresh.adminToken()}`;
      for (let i = 0; i < 3; i++) await saveNotice('behind TLS proxy', { cookie: freshCookie, origin: 'https://localhost' }, fresh);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0]![0])).toContain('refused a write sent from https://localhost; this server sees itself as http://localhost. Behind a reverse proxy set TRUST_PROXY=1');
    } finally {
      warn.mockRestore();
      fresh.dispose();
    }
  });
});

describe('configuration', () => {
  it('reads TRUST_PROXY as yes or no and refuses anything else', () => {
    expect(trustProxyFromEnv({})).toBe(false);
    expect(trustProxyFromEnv({ TRUST_PROXY: '1' })).toBe(true);
    expect(trustProxyFromEnv({ TRUST_PROXY: ' true ' })).toBe(true);
    expect(trustProxyFromEnv({ TRUST_PROXY: '0' })).toBe(false);
    expect(() => trustProxyFromEnv({ TRUST_PROXY: 'maybe' })).toThrow(expect.objectContaining({ messageKey: 'config.trust_proxy_invalid', params: { option: 'TRUST_PROXY', value: 'maybe' } }));
    expect(translate('en-US', 'config.trust_proxy_invalid', { option: 'TRUST_PROXY', value: 'maybe' })).toBe('TRUST_PROXY must be 1 (behind a trusted reverse proxy) or 0 (got maybe)');
  });

  it('reads ALLOWED_ORIGINS as bare origins, normalised, and refuses paths and other schemes', () => {
    expect(allowedOriginsFromEnv({})).toEqual([]);
    expect(allowedOriginsFromEnv({ ALLOWED_ORIGINS: 'http://localhost:5173, HTTPS://FMEA.example.com:443/' })).toEqual(['http://localhost:5173', 'https://fmea.example.com']);
    for (const bad of ['localhost:5173', 'https://x.example/app', 'ftp://x.example', 'https://x.example?a=1', '*']) {
      expect(() => allowedOriginsFromEnv({ ALLOWED_ORIGINS: bad }), bad).toThrow(expect.objectContaining({ messageKey: 'config.allowed_origins_invalid' }));
    }
  });
});
