import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { DropdownMenu } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirmLeave, DataGridStorage, Dialog, refreshMessageCount, useAppInfo, useGuardedNavigate, type UserInfo } from '@fmea/sdk';
import { ApprovalIcon, HelpIcon, lock, MailIcon, realtime } from '@fmea/sdk/host';
import { HOSTED, hostedAreas } from '../plugins/registry.ts';
import { topMenuItems, userMenuItems } from './areas.ts';
import { PasswordExpiryBanner, useIdleSignOut } from './SessionNotices.tsx';
import { canSeeOnline, OnlineDrawer } from './OnlineDrawer.tsx';
import { DiscussionMenu } from './DiscussionMenu.tsx';
import { JobProgress } from './ProgressBars.tsx';
import { TopMenu, useWindowWidth } from './TopMenu.tsx';
import { UserMenu } from './UserMenu.tsx';
import { Watermark } from './Watermark.tsx';
import { ManualDialog } from './ManualDialog.tsx';

export const APP_VERSION = '0.1.0';
/** Spec 000 §2.3: the coloured circle grows, then the locking route opens after 0.8 s. */
export const LOCK_DELAY_MS = 800;

/** A badge keeps its size: past 99 it says 99+ (the button's label has the number). */
const badgeText = (n: number) => (n > 99 ? '99+' : String(n));

export function MainShell({ user, children }: { user: UserInfo; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const [location, navigate] = useLocation();
  const go = useGuardedNavigate();
  const width = useWindowWidth();
  const appInfo = useAppInfo();
  const snap = useSnapshot(realtime);
  const [locking, setLocking] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  // grids remember the column widths each user sets
  const gridStorage = useMemo(() => ({ scope: user.userId }), [user.userId]);
  const online = canSeeOnline(user);
  useIdleSignOut(user.idleLogoutMinutes);
  const changePassword = userMenuItems(user, i18n.locale, hostedAreas(HOSTED)).find((item) => item.routeName === 'resetPwd_index');

  // the badges are the server's counts: when the shell opens, after each live message (a burst is read once) and when
  // the socket (re)connects (a message that arrived while none was bound was not pushed)
  useEffect(() => {
    const timer = setTimeout(() => void refreshMessageCount(), snap.received || snap.connections ? 300 : 0);
    return () => clearTimeout(timer);
  }, [user.userId, snap.received, snap.connections]);

  async function lockScreen() {
    if (!(await confirmLeave())) return;
    setLocking(true);
    setTimeout(() => {
      lock(location);
      navigate('/locking');
    }, LOCK_DELAY_MS);
  }

  return (
    <div className={online ? 'shell has-online' : 'shell'}>
      <header className="shell-header">
        <a
          className="brand"
          href="/main/homeIndex"
          onClick={(e) => {
            e.preventDefault();
            void go('/main/homeIndex');
          }}
        >
          {appInfo.sysLogoUrl ? <img src={appInfo.sysLogoUrl} alt="" className="logo" /> : <span className="logo logo-default">F</span>}
          <span className="brand-name">{appInfo.name}</span>
        </a>
        <TopMenu items={topMenuItems(user, i18n.locale, hostedAreas(HOSTED))} width={width - 385} />
        <div className="header-tools">
          {/* one count per list, each opening the list it counts (docs/domain/messages.md) */}
          <button
            type="button"
            className="icon-button"
            aria-label={snap.messageCount ? t`My messages: ${snap.messageCount} unread` : t`My messages`}
            title={t`My messages`}
            onClick={() => void go('/systemInfo/ownspaceIndex/myMessage')}
            data-testid="message-badge"
          >
            <MailIcon />
            {snap.messageCount ? <span className="badge">{badgeText(snap.messageCount)}</span> : null}
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={snap.approvalCount ? t`My approvals: ${snap.approvalCount} waiting for your decision` : t`My approvals`}
            title={t`My approvals`}
            onClick={() => void go('/systemInfo/ownspaceIndex/myAudit')}
            data-testid="approval-badge"
          >
            <ApprovalIcon />
            {snap.approvalCount ? <span className="badge">{badgeText(snap.approvalCount)}</span> : null}
          </button>
          <DiscussionMenu onOpen={(path) => void go(path)} />
          <DropdownMenu.Root>
            <DropdownMenu.Trigger className="icon-button" aria-label={t`About and help`}>
              <HelpIcon />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content className="menu" align="end">
                <DropdownMenu.Item className="menu-item" onSelect={() => setAboutOpen(true)}>
                  {t`About`}
                </DropdownMenu.Item>
                <DropdownMenu.Item className="menu-item" onSelect={() => setManualOpen(true)}>
                  {t`Working manual`}
                </DropdownMenu.Item>
                <DropdownMenu.Item className="menu-item" onSelect={() => window.open('/api/docs', '_blank', 'noopener')}>
                  {t`Help (API reference)`}
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
          <UserMenu user={user} onLock={() => void lockScreen()} />
        </div>
      </header>
      <main className="shell-content" style={appInfo.homeBackgroundUrl && location === '/main/homeIndex' ? { backgroundImage: `url("${appInfo.homeBackgroundUrl}")`, backgroundSize: 'cover', backgroundPosition: 'center' } : undefined}>
        <PasswordExpiryBanner user={user} onChange={changePassword ? () => void go(changePassword.path) : undefined} />
        <DataGridStorage.Provider value={gridStorage}>{children}</DataGridStorage.Provider>
      </main>
      {online ? <OnlineDrawer user={user} /> : null}
      <JobProgress />
      {locking ? <div className="lock-circle" data-testid="lock-circle" /> : null}
      {appInfo.watermark ? <Watermark userName={user.userName} realName={user.realName} /> : null}
      <ManualDialog open={manualOpen} onOpenChange={setManualOpen} />
      <Dialog open={aboutOpen} onOpenChange={setAboutOpen} title={t`About`}>
        <p>
          {appInfo.name} {APP_VERSION}
        </p>
        <p>
          <Trans>Open-source FMEA platform after the AIAG &amp; VDA FMEA Handbook (2019).</Trans>
        </p>
      </Dialog>
    </div>
  );
}
