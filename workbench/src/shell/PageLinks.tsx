import type { PluginPage } from '@fmea/core/plugin';
import { useLingui } from '@lingui/react/macro';
import { useGuardedNavigate } from './edit-guard.ts';

/** A plugin's page menu: links to its pages that respect the edit guard. */
export function PageLinks({ basePath, pages, current }: { basePath: string; pages: readonly PluginPage[]; current: string }) {
  const { i18n } = useLingui();
  const go = useGuardedNavigate();
  const lang = i18n.locale === 'en-US' ? 'en-US' : 'zh-CN';
  return (
    <>
      {pages.map((p) => (
        <a
          key={p.microRoute}
          href={`${basePath}/${p.microRoute}`}
          className={p.microRoute === current ? 'active' : undefined}
          aria-current={p.microRoute === current ? 'page' : undefined}
          data-page={p.microRoute}
          onClick={(e) => {
            e.preventDefault();
            if (p.microRoute !== current) void go(`${basePath}/${p.microRoute}`);
          }}
        >
          {p.title[lang]}
        </a>
      ))}
    </>
  );
}
