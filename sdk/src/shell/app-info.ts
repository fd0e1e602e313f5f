import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { api } from '../api/typed-client.ts';
import { applyDefaultLocale } from '../i18n/index.ts';

/** Logo and system name from the server (spec 000 §7 replaceLogo/getInfoByClient). */
const info = proxy({ loaded: false, sysName: '', sysNameEn: '', sysLogoUrl: null as string | null, importMaxMb: 1, watermark: false, translation: false, loginBackgroundUrl: null as string | null, homeBackgroundUrl: null as string | null });

export async function refreshAppInfo(): Promise<void> {
  try {
    const data = await api.post('/api/replaceLogo/getInfoByClient');
    Object.assign(info, { loaded: true, sysName: data.sysName, sysNameEn: data.sysNameEn ?? '', sysLogoUrl: data.sysLogoUrl, importMaxMb: data.importMaxMb ?? 1, watermark: data.watermark ?? false, translation: data.translation ?? false, loginBackgroundUrl: data.loginBackgroundUrl ?? null, homeBackgroundUrl: data.homeBackgroundUrl ?? null });
    // the app manager's user setting: the language before the user picks one in the header
    if (data.defaultLocale) await applyDefaultLocale(data.defaultLocale);
  } catch {
    info.loaded = true;
  }
}

export function useAppInfo() {
  const snap = useSnapshot(info);
  const { t, i18n } = useLingui();
  useEffect(() => {
    if (!info.loaded) void refreshAppInfo();
  }, []);
  const name = (i18n.locale === 'en-US' ? snap.sysNameEn : snap.sysName) || t`FMEA Workbench`;
  return { name, sysLogoUrl: snap.sysLogoUrl, importMaxMb: snap.importMaxMb, watermark: snap.watermark, translation: snap.translation, loginBackgroundUrl: snap.loginBackgroundUrl, homeBackgroundUrl: snap.homeBackgroundUrl };
}
