import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, DataGrid, type DataGridColumn, type DataGridQuery, formatDate, formatDateTime, localName, notify, notifyError, PageHeader, Select, TextInput, useLoad, usePermission } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import { loadRoles, loadSites } from '../../common/lookups.ts';
import { SecretDialog, type Secret } from '../../common/SecretDialog.tsx';
import type { AdminUser } from '../../common/types.ts';
import { UserDialog, type SavedUser } from './UserDialog.tsx';
import { UserImportDialog } from './UserImportDialog.tsx';
import '../../system.css';

/** The rank and site rules may forbid a row what the buttons allow (docs/domain/administration.md). */
const may = (u: AdminUser, action: NonNullable<AdminUser['actions']>[number]) => u.actions?.includes(action) ?? false;

/** Users (spec 000 §2.4, §7 "Users"): server-paged list, create/edit, delete, reset password, lock, import and export. */
export default function UsersPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_user');
  const labels = useGridLabels();
  const lookups = useLoad(() => Promise.all([loadSites(), loadRoles()]), []);
  const [sites, roles] = lookups.data ?? [[], []];
  const [searchText, setSearchText] = useState('');
  const [filter, setFilter] = useState({ searchKey: '', siteId: '' });
  const [reloadKey, setReloadKey] = useState(0);
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [secrets, setSecrets] = useState<Secret[] | null>(null);
  const reload = () => setReloadKey((n) => n + 1);

  const fetchPage = useCallback(
    ({ page, limit }: DataGridQuery) =>
      api.post('/api/user/sysUserList', { page, limit, searchKey: filter.searchKey || undefined, siteId: filter.siteId || undefined }),
    [filter],
  );

  async function remove(user: AdminUser) {
    if (!(await confirm({ title: t`Delete user`, message: t`Delete the user ${user.userName}? Their sessions end at once.`, danger: true }))) return;
    try {
      await api.post('/api/user/deleteUser', { id: user.id });
      notify('success', t`User ${user.userName} deleted`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  }

  async function resetPassword(user: AdminUser) {
    if (!(await confirm({ title: t`Reset password`, message: t`Give ${user.userName} a new generated password? The old one stops working.` }))) return;
    try {
      const { initialPassword } = await api.post('/api/user/adminResetPwd', { id: user.id });
      if (initialPassword) setSecrets([{ label: user.userName, value: initialPassword }]);
      else notify('success', t`Password reset`);
    } catch (error) {
      notifyError(error);
    }
  }

  async function toggleLock(user: AdminUser) {
    const locking = !user.locked;
    if (locking && !(await confirm({ title: t`Lock user`, message: t`Lock ${user.userName}? Sign-in is refused and their sessions end at once.`, danger: true }))) return;
    try {
      await api.post(locking ? '/api/user/lock' : '/api/user/unlock', { id: user.id });
      notify('success', locking ? t`User ${user.userName} locked` : t`User ${user.userName} unlocked`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  }

  function saved({ user, initialPassword }: SavedUser) {
    setEditing(null);
    notify('success', t`User ${user.userName} saved`);
    if (initialPassword) setSecrets([{ label: user.userName, value: initialPassword }]);
    reload();
  }


  const columns = useMemo<DataGridColumn<AdminUser>[]>(
    () => [
      { id: 'userName', header: t`User name`, accessor: 'userName', width: 130, hideable: false },
      { id: 'realName', header: t`Real name`, accessor: (u) => localName(i18n.locale, u.realName, u.realNameEn), width: 110 },
      { id: 'jobNumber', header: t`Job number`, accessor: 'jobNumber', width: 110, hidden: true },
      { id: 'site', header: t`Site`, accessor: (u) => localName(i18n.locale, u.siteName, u.siteNameEn), width: 130 },
      { id: 'department', header: t`Department`, accessor: (u) => localName(i18n.locale, u.departmentName, u.departmentNameEn), width: 130 },
      { id: 'roles', header: t`Roles`, accessor: (u) => (i18n.locale === 'en-US' ? (u.roleNamesEn ?? u.roleNames) : u.roleNames).join(', '), width: 140 },
      { id: 'mobile', header: t`Mobile`, accessor: 'mobile', width: 120, hidden: true },
      { id: 'email', header: t`E-mail`, accessor: 'email', width: 180, hidden: true },
      { id: 'validityDate', header: t`Valid until`, accessor: (u) => formatDate(u.validityDate), width: 110, hidden: true },
      {
        id: 'status',
        header: t`Status`,
        width: 90,
        cell: (u) => (u.locked ? <span className="sys-tag sys-tag-danger">{t`Locked`}</span> : <span className="sys-tag sys-tag-ok">{t`Active`}</span>),
      },
      { id: 'lastLogin', header: t`Last sign-in`, accessor: (u) => formatDateTime(u.lastLoginTime, i18n.locale), width: 170 },
      {
        id: 'actions',
        header: t`Actions`,
        width: 320,
        hideable: false,
        cell: (u) => (
          <span className="sys-row-actions">
            {allowed('edit') && may(u, 'edit') ? (
              <Button kind="link" onClick={() => setEditing(u)}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {allowed('resetPwd') && may(u, 'resetPassword') ? (
              <Button kind="link" onClick={() => void resetPassword(u)}>
                <Trans>Reset password</Trans>
              </Button>
            ) : null}
            {allowed('lock') && may(u, 'lock') ? (
              <Button kind="link" onClick={() => void toggleLock(u)}>
                {u.locked ? <Trans>Unlock</Trans> : <Trans>Lock</Trans>}
              </Button>
            ) : null}
            {allowed('del') && may(u, 'delete') ? (
              <Button kind="link" className="btn btn-link sys-danger-link" onClick={() => void remove(u)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </span>
        ),
      },
    ],
    // the handlers only use state setters and `t`; permissions do not change while the page is open
    [t, i18n.locale],
  ).filter((c) => c.id !== 'actions' || (['edit', 'resetPwd', 'lock', 'del'] as const).some(allowed));

  const search = (e: FormEvent) => {
    e.preventDefault();
    setFilter((f) => ({ ...f, searchKey: searchText.trim() }));
  };

  return (
    <div className="page" data-testid="system-users">
      <PageHeader
        title={<Trans>Users</Trans>}
        actions={
          <>
            {allowed('add') ? (
              // the dialog proposes a site, so it opens only once the sites are known
              <Button kind="primary" disabled={!lookups.data} onClick={() => setEditing('new')}>
                <Trans>New user</Trans>
              </Button>
            ) : null}
            {allowed('import') ? (
              <>
                <Button onClick={() => setImporting(true)}>
                  <Trans>Import</Trans>
                </Button>
                <Button onClick={() => void api.download('/api/fileOperate/downloadImportTemp', 'user-import-template.xlsx', { tempName: 'user' }).catch(notifyError)}>
                  <Trans>Import template</Trans>
                </Button>
              </>
            ) : null}
            {allowed('export') ? (
              <Button onClick={() => void api.download('/api/user/exportUser', 'users.xlsx').catch(notifyError)}>
                <Trans>Export</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <DataGrid<AdminUser>
        aria-label={t`Users`}
        columns={columns}
        rowKey={(u) => u.id}
        fetchPage={fetchPage}
        reloadKey={reloadKey}
        queryKey={`${filter.searchKey}:${filter.siteId}`}
        labels={labels}
        emptyText={filter.searchKey || filter.siteId ? t`No user matches the search` : t`No users yet`}
        toolbar={
          <form noValidate className="sys-toolbar" onSubmit={search} role="search">
            <TextInput
              aria-label={t`Search by user name, real name or job number`}
              placeholder={t`User name, real name or job number`}
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              maxLength={200}
            />
            <Select
              aria-label={t`Site`}
              value={filter.siteId}
              onChange={(e) => setFilter((f) => ({ ...f, siteId: e.target.value }))}
              options={[{ value: '', label: t`All sites` }, ...sites.map((s) => ({ value: s.id, label: localName(i18n.locale, s.siteName, s.siteNameEn) }))]}
            />
            <Button type="submit">
              <Trans>Search</Trans>
            </Button>
          </form>
        }
      />
      {editing ? <UserDialog user={editing === 'new' ? null : editing} sites={sites} roles={roles} onClose={() => setEditing(null)} onSaved={saved} /> : null}
      {importing ? <UserImportDialog onClose={() => setImporting(false)} onImported={reload} /> : null}
      <SecretDialog secrets={secrets} onClose={() => setSecrets(null)} title={<Trans>Generated password</Trans>} />
    </div>
  );
}
