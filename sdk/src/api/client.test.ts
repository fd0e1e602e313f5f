import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, http } from './client.ts';

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('names the domain error kind and message key of a refusal, not only its HTTP status', async () => {
    answer(409, { meta: { success: false, code: 409, message: '已被他人修改' }, data: { code: 'conflict', messageKey: 'fmea.stale_version', issues: [] } });
    const error = await http.post('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errorCode).toBe('conflict');
    expect((error as ApiError).messageKey).toBe('fmea.stale_version');
    expect((error as ApiError).message).toBe('已被他人修改');
  });

  it('leaves the kind undefined for an answer that did not come from the domain', async () => {
    answer(502, { meta: { success: false, code: 502, message: 'Bad gateway' }, data: { code: 'request.invalid' } });
    const error = (await http.get('/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error.errorCode).toBeUndefined();
    expect(error.status).toBe(502);
  });
});
