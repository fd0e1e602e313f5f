import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, ApiError, Button, confirm, confirmLeave, DataGrid, type DataGridColumn, EmptyState, localName, notify, notifyError, PageHeader, useLoad, usePermission } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import { roleTypeLabel } from '../../common/labels.ts';
import { loadDictionaries } from '../../common/lookups.ts';
import type { Role } from '../../common/types.ts';
import { useAdminScope } from '../../common/admin-scope.ts';
import { PermissionTree, type Menu } from './PermissionTree.tsx';
import { RoleDialog } from './RoleDialog.tsx';
import '../../system.css';

/** Roles (spec 000 §2.4, §3 "Role"): list, create/edit, delete, and the permission tree of the chosen role. */
export default function RolesPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_role');
  const scope = useAdminScope();
  const labels = useGridLabels();
  const roles = useLoad(() => api.get('/api/role/list'), []);
  const menus = useLoad(() => api.get('/api/menu/list'), []);
  const productTypes = useLoad(
    () => loadDictionaries().then((types) => types.find((d) => d.code === 'productType')?.children ?? []).catch(() => []),
    [],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const list = roles.data ?? [];
  // the first role is open until another is chosen
  const selected = list.find((r) => r.id === selectedId) ?? list[0] ?? null;

  async function select(role: Role) {
    if (role.id === selected?.id || !(await confirmLeave())) return;
    setSelectedId(role.id);
  }

  async function remove(role: Role) {
    if (!(await confirm({ title: t`Delete role`, message: t`Delete the role ${localName(i18n.locale, role.name, role.nameEn)}?`, danger: true }))) return;
    try {
      await api.post('/api/role/delete', { id: role.id });
    } catch (error) {
      // a role users still hold: the server asks for a confirmation, in its own words
      const holders = error instanceof ApiError && error.errorCode === 'conflict' && !role.isDefault && role.userCount > 0;
      if (!holders) return notifyError(error);
      if (!(await confirm({ title: t`Delete role`, message: error.message, danger: true }))) return;
      try {
        await api.post('/api/role/delete', { id: role.id, confirm: true });
      } catch (again) {
        return notifyError(again);
      }
    }
    notify('success', t`Role ${localName(i18n.locale, role.name, role.nameEn)} deleted`);
    if (selectedId === role.id) setSelectedId(null);
    roles.reload();
  }

  const columns = useMemo<DataGridColumn<Role>[]>(
    () => [
      { id: 'name', header: t`Name`, accessor: (r) => localName(i18n.locale, r.name, r.nameEn), width: 160, hideable: false },
      { id: 'roleType', header: t`Role type`, accessor: (r) => roleTypeLabel(r.roleType), width: 140 },
      { id: 'userCount', header: t`Users`, accessor: 'userCount', width: 70 },
      { id: 'productTypes', header: t`Product types`, accessor: (r) => r.productTypes.join(', '), width: 140, hidden: true },
      {
        id: 'actions',
        header: t`Actions`,
        width: 150,
        hideable: false,
        cell: (r) => (
          <span className="sys-row-actions">
            {allowed('edit') && r.manageable ? (
              <Button kind="link" onClick={(e) => (e.stopPropagation(), setEditing(r))}>
                <Trans>Edit</Trans>
              </Button>
            ) : null}
            {allowed('del') && r.manageable && !r.isDefault ? (
              <Button kind="link" className="btn btn-link sys-danger-link" onClick={(e) => (e.stopPropagation(), void remove(r))}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
            {r.isDefault ? <span className="sys-tag">{t`Default`}</span> : null}
          </span>
        ),
      },
    ],
    // handlers only use setters, `t` and the reload of the list
    [t, i18n.locale, roles.reload],
  );

  const dictOptions = (productTypes.data ?? []).map((d) => ({ value: d.code, label: localName(i18n.locale, d.name, d.enName) }));

  return (
    <div className="page" data-testid="system-roles">
      <PageHeader
        title={<Trans>Roles</Trans>}
        actions={
          allowed('add') && scope.rank !== 'none' ? (
            <Button kind="primary" onClick={() => setEditing('new')}>
              <Trans>New role</Trans>
            </Button>
          ) : null
        }
      />
      <div className="sys-split">
        <div className="sys-split-left">
          <DataGrid<Role>
            aria-label={t`Roles`}
            columns={columns}
            rows={list}
            rowKey={(r) => r.id}
            onRowClick={(r) => void select(r)}
            selectedKey={selected?.id ?? null}
            labels={labels}
            emptyText={roles.error ?? (roles.loading ? t`Loading…` : t`No roles yet`)}
          />
          <p className="muted">
            <Trans>Choose a role to see and change its permissions.</Trans>
          </p>
        </div>
        <div className="sys-split-right">
          {selected ? (
            <PermissionTree key={selected.id} role={selected} menus={menus.data ?? []} canGrant={allowed('grant') && selected.manageable} onSaved={roles.reload} />
          ) : (
            <EmptyState title={<Trans>No role chosen</Trans>}>{menus.error ?? <Trans>Choose a role on the left to edit what it may open and do.</Trans>}</EmptyState>
          )}
        </div>
      </div>
      {editing ? (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          productTypes={dictOptions}
          onClose={() => setEditing(null)}
          onSaved={(role) => {
            setEditing(null);
            notify('success', t`Role ${localName(i18n.locale, role.name, role.nameEn)} saved`);
            roles.reload();
          }}
        />
      ) : null}
    </div>
  );
}
