import { useLingui } from '@lingui/react/macro';
import type { Locale } from '@fmea/sdk';
import { activateLocale } from '@fmea/sdk/host';

/** Chinese / English; the choice is kept in local storage and survives reloads. */
export function LanguageSwitch() {
  const { i18n, t } = useLingui();
  return (
    <select
      className="input language-switch"
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(e) => void activateLocale(e.target.value as Locale)}
      data-testid="language-switch"
    >
      <option value="zh-CN">中文</option>
      <option value="en-US">English</option>
    </select>
  );
}
