import { useEffect, useState } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useSnapshot } from 'valtio';
import { useLingui } from '@lingui/react/macro';
import { api, Button, confirm, notify, notifyError, personName, type UserInfo } from '@fmea/sdk';
import { type OnlineUser, realtime, UsersIcon } from '@fmea/sdk/host';

/** Only role types '0' (super: all sites) and '1' (site: own site) see online users (spec 000 §2.3). */
export function canSeeOnline(user: UserInfo): boolean {
  return user.isAdmin || user.roles.some((r) => r.roleType === '0' || r.roleType === '1');
}

export function OnlineDrawer({ user }: { user: UserInfo }) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const snap = useSnapshot(realtime);
  const [users, setUsers] = useState<OnlineUser[]>([]);

  const reload = () => api.get('/api/online/list').then(setUsers, notifyError);
  // the count on the button is there from the start; the socket keeps it current
  useEffect(() => {
    void reload();
  }, [open]);
  useEffect(() => {
    if (snap.onlineUsers.length) setUsers(snap.onlineUsers as OnlineUser[]);
  }, [snap.onlineUsers]);

  async function kick(target: OnlineUser) {
    if (!(await confirm({ title: t`Kick out`, message: t`Sign ${personName(i18n.locale, target)} out of every session?`, danger: true }))) return;
    try {
      await api.post('/api/removeLoginUser', { userId: target.userId });
      notify('success', t`Kicked out successfully`);
      await reload();
    } catch (e) {
      notifyError(e);
    }
  }

  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className="online-fab" aria-label={t`Online users`} data-testid="online-button">
        <UsersIcon />
        <span className="online-count">{users.length}</span>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="drawer" aria-describedby={undefined}>
          <RadixDialog.Title className="dialog-title">{t`Online users (${users.length})`}</RadixDialog.Title>
          <ul className="online-list">
            {users.map((u) => (
              <li key={u.userId}>
                <span className="avatar avatar-letter">{personName(i18n.locale, u).slice(0, 1)}</span>
                <span>
                  <strong className="user-name">{personName(i18n.locale, u)}</strong>
                  <small className="muted">{(i18n.locale === 'en-US' ? u.siteNameEn : u.siteName) ?? ''}</small>
                </span>
                {u.userId !== user.userId ? (
                  <Button kind="link" onClick={() => void kick(u)}>
                    {t`Kick out`}
                  </Button>
                ) : (
                  <small className="muted">{t`You`}</small>
                )}
              </li>
            ))}
          </ul>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
