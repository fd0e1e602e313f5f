import { statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { setting } from '../../db/schema/index.ts';
import { databaseLocation } from '../../db/client.ts';
import { installationKey, secretKeyFile } from '../../db/secret-key.ts';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { getSsoSettings, setSsoSettings, SSO_SETTING_KEY, viewSso } from './sso-settings.ts';

/** The OIDC client secret at rest: sealed in the database, opened only with the installation's key. */
let t: TestDatabase;
afterEach(() => {
  delete process.env.FMEA_SECRET_KEY;
  t.dispose();
});

const storedRow = async () => (await t.db.select().from(setting).where(eq(setting.key, SSO_SETTING_KEY)).get())!.value as { clientSecret: string };

describe('the client secret at rest', () => {
  it('is stored sealed (AES-256-GCM), read back by the server, and never answered', async () => {
    t = await openTestDatabase({ file: true });
    const view = await setSsoSettings(t.ctx, { issuer: 'https://login.example.com', clientId: 'fmea', clientSecret: 'Very-Secret-42' });
    expect(JSON.stringify(view)).not.toContain('Very-Secret-42');
    expect(view.clientSecretSet).toBe(true);
    const raw = (await storedRow()).clientSecret;
    expect(raw).toMatch(/^enc:v1:[\w-]+$/);
    expect(raw).not.toContain('Very-Secret-42');
    expect((await getSsoSettings(t.db)).clientSecret).toBe('Very-Secret-42');
    // the key file sits beside an embedded database (PostgreSQL: ./data), readable by its owner only
    const location = databaseLocation(t.url);
    const keyFile = secretKeyFile()!;
    expect(keyFile).toBe(location.kind === 'file' ? join(dirname(location.path), 'secret.key') : resolve('data', 'secret.key'));
    if (process.platform !== 'win32') expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(installationKey()).toHaveLength(32);
  });

  it('reads as not set under another key (a copied database without its key), and a secret stored before sealing still reads', async () => {
    t = await openTestDatabase();
    await setSsoSettings(t.ctx, { clientSecret: 'Very-Secret-42' });
    process.env.FMEA_SECRET_KEY = 'another-installation-key-of-at-least-32-chars';
    const elsewhere = await getSsoSettings(t.db);
    expect(elsewhere.clientSecret).toBe('');
    expect(viewSso(elsewhere).clientSecretSet).toBe(false);
    // saved with the env key, read with it
    await setSsoSettings(t.ctx, { clientSecret: 'Second-Secret' });
    expect((await getSsoSettings(t.db)).clientSecret).toBe('Second-Secret');
    process.env.FMEA_SECRET_KEY = 'short';
    await expect(getSsoSettings(t.db)).rejects.toMatchObject({ messageKey: 'secret.key_too_short' });
    delete process.env.FMEA_SECRET_KEY;
    await t.db.update(setting).set({ value: { ...(await storedRow()), clientSecret: 'plain-from-before' } }).where(eq(setting.key, SSO_SETTING_KEY));
    expect((await getSsoSettings(t.db)).clientSecret).toBe('plain-from-before');
  });
});
