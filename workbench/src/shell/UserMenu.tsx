import { useState } from 'react';
import { useLocation } from 'wouter';
import { DropdownMenu } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirmLeave, Dialog, notifyError, personName, ui, useGuardedNavigate, type UserInfo } from '@fmea/sdk';
import { activateLocale, logout, setTheme, startSession, type Theme, THEMES } from '@fmea/sdk/host';
import { HOSTED, hostedAreas } from '../plugins/registry.ts';
import { userMenuItems } from './areas.ts';

/** The user dropdown of spec 000 §2.3. */
export function UserMenu({ user, onLock }: { user: UserInfo; onLock: () => void }) {
  const { t, i18n } = useLingui();
  const go = useGuardedNavigate();
  const [, navigate] = useLocation();
  const snap = useSnapshot(ui);
  const [groupOpen, setGroupOpen] = useState(false);
  const themeNames: Record<Theme, string> = { base: t`Base`, times: t`Times`, acidRock: t`Acid rock`, blue: t`Blue` };
  const displayName = personName(i18n.locale, user);

  async function signOut() {
    if (!(await confirmLeave())) return;
    const endSessionUrl = await logout();
    // signed in through single sign-on: the provider ends its session too and sends the browser back to /?signedOut=1
    if (endSessionUrl) return window.location.assign(endSessionUrl);
    // signedOut: the login page does not send a signed-out user straight back through single sign-on
    navigate('/?signedOut=1');
  }

  async function changeGroup(siteId: string) {
    if (!(await confirmLeave())) return;
    try {
      const { token } = await api.post('/api/user/changeGroup', { siteId });
      startSession(token);
      setGroupOpen(false);
      window.location.assign('/main/homeIndex');
    } catch (e) {
      notifyError(e);
    }
  }

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger className="user-trigger" data-testid="user-menu">
          {user.avatar ? <img className="avatar" src={api.href('/api/fileOperate/downloadFile', { fileName: user.avatar })} alt="" /> : <span className="avatar avatar-letter">{displayName.slice(0, 1)}</span>}
          <span className="user-name" title={displayName}>
            {shortName(displayName)}
          </span>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content className="menu" align="end">
            {userMenuItems(user, i18n.locale, hostedAreas(HOSTED)).map((item) => (
              <DropdownMenu.Item key={item.routeName} className="menu-item" data-route={item.routeName} onSelect={() => void go(item.path)}>
                {item.title}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className="menu-item">{t`Theme`} ▸</DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className="menu">
                  {THEMES.map((theme) => (
                    <DropdownMenu.CheckboxItem key={theme} className="menu-item" checked={snap.theme === theme} onSelect={() => setTheme(theme)}>
                      {themeNames[theme]}
                    </DropdownMenu.CheckboxItem>
                  ))}
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
            {user.sites.length > 1 ? (
              <DropdownMenu.Item className="menu-item" onSelect={() => setGroupOpen(true)}>
                {t`Change group`}
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Sub>
              <DropdownMenu.SubTrigger className="menu-item" data-testid="menu-language">
                {t`Language`} ▸
              </DropdownMenu.SubTrigger>
              <DropdownMenu.Portal>
                <DropdownMenu.SubContent className="menu">
                  <DropdownMenu.CheckboxItem className="menu-item" checked={i18n.locale === 'zh-CN'} onSelect={() => void activateLocale('zh-CN')}>
                    中文
                  </DropdownMenu.CheckboxItem>
                  <DropdownMenu.CheckboxItem className="menu-item" checked={i18n.locale === 'en-US'} onSelect={() => void activateLocale('en-US')}>
                    English
                  </DropdownMenu.CheckboxItem>
                </DropdownMenu.SubContent>
              </DropdownMenu.Portal>
            </DropdownMenu.Sub>
            <DropdownMenu.Item className="menu-item" data-testid="menu-lock" onSelect={onLock}>
              {t`Lock screen`}
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="menu-separator" />
            <DropdownMenu.Item className="menu-item" data-testid="menu-logout" onSelect={() => void signOut()}>
              {t`Log out`}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={groupOpen} onOpenChange={setGroupOpen} title={t`Change group`}>
        <div className="group-list">
          {user.sites.map((s) => (
            <Button key={s.siteId} kind={s.siteId === user.siteId ? 'primary' : 'default'} disabled={s.siteId === user.siteId} onClick={() => void changeGroup(s.siteId)}>
              {i18n.locale === 'en-US' && s.siteNameEn ? s.siteNameEn : s.siteName}
            </Button>
          ))}
        </div>
        <p className="muted">
          <Trans>Changing group signs you in again on the chosen site.</Trans>
        </p>
      </Dialog>
    </>
  );
}

/**
 * Spec 000 §5: a name over 6 double-width characters is shortened to the room
 * of 4 plus an ellipsis. Counted in half-width units, so a Latin name keeps 8
 * letters ("System a…"), not 4 ("Syst…"), in the same room as 4 Chinese ones.
 */
export function shortName(name: string): string {
  const units = (ch: string) => (ch.charCodeAt(0) > 255 ? 2 : 1);
  const chars = [...name];
  if (chars.reduce((w, ch) => w + units(ch), 0) <= 12) return name;
  const kept: string[] = [];
  let width = 0;
  for (const ch of chars) {
    if (width + units(ch) > 8) break;
    kept.push(ch);
    width += units(ch);
  }
  return `${kept.join('').trimEnd()}…`;
}

