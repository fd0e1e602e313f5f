import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, DataGrid, type DataGridColumn, localName, notify, notifyError, useLoad } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import { userLabel } from '../../common/lookups.ts';
import type { Department, Site, SiteButton, UserPick } from '../../common/types.ts';
import { DepartmentDialog } from './SiteDialogs.tsx';

/** The departments of one site: list, create, edit, delete. */
export function DepartmentsPanel({ site, users, allowed }: { site: Site; users: UserPick[]; allowed: (button: SiteButton) => boolean }) {
  const { t, i18n } = useLingui();
  const nameOf = (d: Department) => localName(i18n.locale, d.name, d.nameEn);
  const labels = useGridLabels();
  const departments = useLoad(() => api.get('/api/department/list', { siteId: site.id }), [site.id]);
  const [editing, setEditing] = useState<Department | 'new' | null>(null);
  const names = useMemo(() => new Map(users.map((u) => [u.id, userLabel(u)])), [users]);

  async function remove(d: Department) {
    if (!(await confirm({ title: t`Delete department`, message: t`Delete the department ${nameOf(d)}? Its users keep working, without a department.`, danger: true }))) return;
    try {
      await api.post('/api/department/delete', { id: d.id });
      notify('success', t`Department ${nameOf(d)} deleted`);
      departments.reload();
    } catch (error) {
      notifyError(error);
    }
  }

  const columns = ([
    { id: 'number', header: t`Number`, accessor: 'number', width: 90 },
    // in the reader's language; the other language's name on demand, as for sites
    { id: 'name', header: t`Name`, accessor: (d) => nameOf(d), width: 160 },
    i18n.locale === 'en-US'
      ? { id: 'nameZh', header: t`Chinese name`, accessor: 'name', width: 160, hidden: true }
      : { id: 'nameEn', header: t`English name`, accessor: 'nameEn', width: 160, hidden: true },
    { id: 'admin', header: t`Administrator`, accessor: (d) => (d.adminUserId ? (names.get(d.adminUserId) ?? '') : ''), width: 140 },
    {
      id: 'actions',
      header: t`Actions`,
      width: 120,
      hideable: false,
      cell: (d) => (
        <span className="sys-row-actions">
          {allowed('edit') ? (
            <Button kind="link" onClick={() => setEditing(d)}>
              <Trans>Edit</Trans>
            </Button>
          ) : null}
          {allowed('del') ? (
            <Button kind="link" className="btn btn-link sys-danger-link" onClick={() => void remove(d)}>
              <Trans>Delete</Trans>
            </Button>
          ) : null}
        </span>
      ),
    },
  ] satisfies DataGridColumn<Department>[]).filter((c) => c.id !== 'actions' || allowed('edit') || allowed('del'));

  return (
    <section className="sys-panel" aria-label={t`Departments`} data-testid="site-departments">
      <div className="page-header">
        <h3>
          <Trans>Departments</Trans>
        </h3>
        {allowed('add') ? (
          <Button onClick={() => setEditing('new')}>
            <Trans>New department</Trans>
          </Button>
        ) : null}
      </div>
      <DataGrid<Department>
        aria-label={t`Departments`}
        columns={columns}
        rows={departments.data ?? []}
        pageLocalRows
        rowKey={(d) => d.id}
        labels={labels}
        emptyText={departments.error ?? (departments.loading ? t`Loading…` : t`This site has no departments yet`)}
      />
      {editing ? (
        <DepartmentDialog
          siteId={site.id}
          department={editing === 'new' ? null : editing}
          users={users}
          onClose={() => setEditing(null)}
          onSaved={(d) => {
            setEditing(null);
            notify('success', t`Department ${nameOf(d)} saved`);
            departments.reload();
          }}
        />
      ) : null}
    </section>
  );
}
