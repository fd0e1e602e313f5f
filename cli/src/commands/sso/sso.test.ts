import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEnv, runFmea, tempDbUrl, type TempDb } from '../../test-utils.ts';

let temp: TempDb;
let env: Record<string, string>;
const fmea = (args: string[], input?: string) => runFmea(args, { env, input });

beforeAll(async () => {
  temp = await tempDbUrl();
  env = dbEnv(temp);
}, 60_000);
afterAll(() => temp.cleanup());

describe('fmea sso show / set', { timeout: 90_000 }, () => {
  it('sets the provider with the secret from stdin, never prints the secret, and refuses switching on half-configured (2)', async () => {
    const refused = await fmea(['--lang', 'en-US', 'sso', 'set', '--on']);
    expect(refused).toMatchObject({ code: 2, stdout: '' });
    expect(refused.stderr).toContain('Issuer URL is required to switch single sign-on on');
    const set = await fmea(['--lang', 'en-US', 'sso', 'set', '--issuer', 'https://login.example.com/realms/acme', '--client-id', 'fmea', '--secret-stdin', '--on'], 'S3cret-value\n');
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('Single sign-on on: yes\nIssuer: https://login.example.com/realms/acme\nClient ID: fmea\nClient secret stored: yes\nUser name claim: preferred_username\n');
    const shown = await fmea(['--json', 'sso', 'show']);
    expect(JSON.parse(shown.stdout).data).toEqual({ enabled: true, issuer: 'https://login.example.com/realms/acme', clientId: 'fmea', clientSecretSet: true, userNameClaim: 'preferred_username' });
    expect(shown.stdout + set.stdout).not.toContain('S3cret-value');
    const zh = await fmea(['sso', 'set', '--issuer', 'http://idp.example.com']);
    expect(zh).toMatchObject({ code: 2, stdout: '' });
    expect(zh.stderr).toContain('颁发者地址必须是 https 地址');
  });
});
