import { pagePath, type AreaDefinition, type PageDefinition } from '@fmea/core/domain';
import { useLingui } from '@lingui/react/macro';
import { useGuardedNavigate } from '@fmea/sdk';

/** An area's page menu: links to its pages that respect the edit guard. */
export function PageLinks({ area, pages, current }: { area: AreaDefinition; pages: readonly PageDefinition[]; current: string }) {
  const { i18n } = useLingui();
  const go = useGuardedNavigate();
  const lang = i18n.locale === 'en-US' ? 'en-US' : 'zh-CN';
  return (
    <>
      {pages.map((p) => (
        <a
          key={p.microRoute}
          href={pagePath(area, p)}
          className={p.microRoute === current ? 'active' : undefined}
          aria-current={p.microRoute === current ? 'page' : undefined}
          data-page={p.microRoute}
          onClick={(e) => {
            e.preventDefault();
            if (p.microRoute !== current) void go(pagePath(area, p));
          }}
        >
          {p.title[lang]}
        </a>
      ))}
    </>
  );
}
