import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { DropdownMenu } from 'radix-ui';
import { useLingui } from '@lingui/react/macro';
import type { MenuItem } from './areas.ts';
import { visibleMenuCount } from './areas.ts';
import { useGuardedNavigate } from '@fmea/sdk';

export function TopMenu({ items, width }: { items: MenuItem[]; width: number }) {
  const { t } = useLingui();
  const [location] = useLocation();
  const go = useGuardedNavigate();
  const count = visibleMenuCount(width, items.length);
  const shown = items.slice(0, count);
  const more = items.slice(count);
  const active = (item: MenuItem) => location === item.path || location.startsWith(`${item.path}/`);
  return (
    <nav className="top-menu" aria-label={t`Main menu`}>
      {shown.map((item) => (
        <a
          key={item.routeName}
          href={item.path}
          className={active(item) ? 'top-menu-item active' : 'top-menu-item'}
          data-route={item.routeName}
          onClick={(e) => {
            e.preventDefault();
            void go(item.path);
          }}
        >
          {item.title}
        </a>
      ))}
      {more.length ? (
        <DropdownMenu.Root>
          <DropdownMenu.Trigger className="top-menu-item top-menu-more">{t`More`} ▾</DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="menu" align="start">
              {more.map((item) => (
                <DropdownMenu.Item key={item.routeName} className="menu-item" data-route={item.routeName} onSelect={() => void go(item.path)}>
                  {item.title}
                </DropdownMenu.Item>
              ))}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </nav>
  );
}

export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => window.innerWidth);
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}
