import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../testing/index.ts';
import { listOperations } from '../oplog/oplog.ts';
import { writeSetting } from '../shared/settings.ts';
import { setAppSettings } from './app-settings.ts';
import { DEFAULT_APP_SETTINGS, getAppSettings } from './seed.ts';

let t: TestDatabase;
beforeEach(async () => {
  t = await openTestDatabase();
});
afterEach(() => t.dispose());

describe('app settings', () => {
  it('changes the system names, trimmed, keeps the logo, and logs before and after', async () => {
    const after = await setAppSettings(t.ctx, { sysName: ' 质量平台 ', sysNameEn: 'Quality' });
    expect(after).toEqual({ sysName: '质量平台', sysNameEn: 'Quality', sysLogoUrl: null, watermark: false, defaultLocale: null, loginBackground: null, homeBackground: null });
    expect(await getAppSettings(t.db)).toEqual(after);
    const [entry] = (await listOperations(t.ctx, { action: 'settings.app' })).items;
    expect(entry).toMatchObject({ entity: 'setting', entityId: 'app', before: DEFAULT_APP_SETTINGS, after });
  });

  it('refuses a blank name and one over 50 characters, writing nothing', async () => {
    await expect(setAppSettings(t.ctx, { sysName: '  ' })).rejects.toMatchObject({ messageKey: 'settings.system_name_required' });
    const long = await setAppSettings(t.ctx, { sysName: 'x'.repeat(51), sysNameEn: '' }).catch((e) => e);
    expect(long.messageKey).toBe('validation.failed');
    expect(long.issues.map((i: { messageKey: string; field: string }) => [i.messageKey, i.field])).toEqual([
      ['validation.too_long', 'sysName'],
      ['settings.system_name_required', 'sysNameEn'],
    ]);
    expect(await getAppSettings(t.db)).toEqual(DEFAULT_APP_SETTINGS);
  });

  it('sets and clears the logo address', async () => {
    expect((await setAppSettings(t.ctx, { sysLogoUrl: '/api/replaceLogo/downloadFile?fileName=a.png' })).sysLogoUrl).toBe('/api/replaceLogo/downloadFile?fileName=a.png');
    expect((await setAppSettings(t.ctx, { sysLogoUrl: null })).sysLogoUrl).toBeNull();
  });

  it('turns the watermark on and off, keeping the names, and reads settings saved before the switch existed', async () => {
    expect((await setAppSettings(t.ctx, { watermark: true })).watermark).toBe(true);
    expect(await getAppSettings(t.db)).toMatchObject({ sysName: DEFAULT_APP_SETTINGS.sysName, watermark: true });
    expect((await setAppSettings(t.ctx, { watermark: false })).watermark).toBe(false);
    const { watermark: _, ...old } = DEFAULT_APP_SETTINGS;
    await writeSetting(t.db, 'app', { ...old, sysName: 'Old' });
    expect(await getAppSettings(t.db)).toEqual({ ...DEFAULT_APP_SETTINGS, sysName: 'Old' });
  });
});
